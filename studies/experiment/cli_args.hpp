// studies/experiment/cli_args.hpp — pieces the `stickslip` subcommands share: finding a study by name, the --out folder,
// whole-number options, the --set assignments. (The grammar of the command line: studies/cli/command_line.hpp.)
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "studies/experiment/study.hpp"

namespace stickslip {

// Throws InputError listing the studies for an unknown name.
const Study& find_study(const std::vector<std::unique_ptr<Study>>& studies, const std::string& name);
// Every study (studies/cli/registry.cpp), and when `name` is a system file (FILE.toml) the study of that file
// (studies/experiment/system_study.hpp), so that run, help, converge and sweep take a file where they take a study.
std::vector<std::unique_ptr<Study>> studies_with(const std::string& name);
// Creates --out; a path that cannot be a folder is a user's mistake (InputError naming it).
void make_out_dir(const std::filesystem::path& out);
// A whole number in [lo, hi] (InputError naming key otherwise).
long parse_count(const std::string& key, const std::string& text, long lo, long hi);
// Applies every --set KEY=VALUE in order; a key given twice is an InputError naming it and both values (a repeated
// --set never silently keeps the last).
void assign_each(Parameters& params, const std::vector<std::string>& sets);

}  // namespace stickslip
