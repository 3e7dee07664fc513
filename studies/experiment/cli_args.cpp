#include "studies/experiment/cli_args.hpp"

#include <map>

#include "core/did_you_mean.hpp"
#include "core/errors.hpp"
#include "models/system/system_file.hpp"
#include "studies/experiment/system_study.hpp"

namespace stickslip {

const Study& find_study(const std::vector<std::unique_ptr<Study>>& studies, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& s : studies) {
    if (s->name() == name) return *s;
    names.push_back(s->name());
  }
  throw_input("study", name, "unknown study; allowed: " + join(names) + did_you_mean(name, names));
}

std::vector<std::unique_ptr<Study>> studies_with(const std::string& name) {
  std::vector<std::unique_ptr<Study>> s = all_studies();
  if (is_system_file(name)) s.push_back(std::make_unique<SystemFileStudy>(SystemFile::read(name)));
  return s;
}

void make_out_dir(const std::filesystem::path& out) {
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec || !std::filesystem::is_directory(out))
    throw_input("--out", out.string(), "cannot be created as a folder (" + (ec ? ec.message() : std::string("a file is in the way")) + ")");
}

long parse_count(const std::string& key, const std::string& text, long lo, long hi) {
  std::size_t used = 0;
  long v = 0;
  try {
    v = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || v < lo || v > hi)
    throw_input(key, text, "allowed: a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

void assign_each(Parameters& params, const std::vector<std::string>& sets) {
  std::map<std::string, std::string> given;  // key -> the value it was first given
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (eq != std::string::npos && eq > 0) {
      const std::string key = s.substr(0, eq), value = s.substr(eq + 1);
      if (const auto it = given.find(key); it != given.end())
        throw_input(key, value, "given twice (--set " + key + "=" + it->second + " and --set " + s + "); give each key once");
      given.emplace(key, value);
    }
    params.assign(s);
  }
}

}  // namespace stickslip
