// core/flatten.hpp — STICKSLIP_FLATTEN marks the contact loops [[gnu::flatten]] (every call inlined: the laws and
// Eigen's small operations), except when STICKSLIP_NO_FLATTEN is defined: the sanitizer build (Makefile) checks
// memory and UB, not inlining, and flattening every law pair there costs minutes and gigabytes per file.
#pragma once

#ifdef STICKSLIP_NO_FLATTEN
#define STICKSLIP_FLATTEN
#else
#define STICKSLIP_FLATTEN [[gnu::flatten]]
#endif
