// studies/cli_args.hpp — pieces the `stickslip` subcommands share: finding a study by name, the --out folder,
// whole-number options, option values.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "studies/study.hpp"

namespace stickslip {

// Throws InputError listing the studies for an unknown name.
const Study& find_study(const std::vector<std::unique_ptr<Study>>& studies, const std::string& name);
// Creates --out; a path that cannot be a folder is a user's mistake (InputError naming it).
void make_out_dir(const std::filesystem::path& out);
// A whole number in [lo, hi] (InputError naming key otherwise).
long parse_count(const std::string& key, const std::string& text, long lo, long hi);
// The value after option args[i] ("--x V" or "--x=V"); advances i past it. Throws InputError if missing.
std::string option_value(const std::vector<std::string>& args, std::size_t& i);
// True if args[i] is option `name`, alone or as "name=...".
bool is_option(const std::string& arg, const std::string& name);

}  // namespace stickslip
