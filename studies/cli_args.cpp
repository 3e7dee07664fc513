#include "studies/cli_args.hpp"

#include "core/errors.hpp"

namespace stickslip {

const Study& find_study(const std::vector<std::unique_ptr<Study>>& studies, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& s : studies) {
    if (s->name() == name) return *s;
    names.push_back(s->name());
  }
  throw_input("study", name, "unknown study; allowed: " + join(names));
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

bool is_option(const std::string& arg, const std::string& name) {
  return arg == name || arg.rfind(name + "=", 0) == 0;
}

std::string option_value(const std::vector<std::string>& args, std::size_t& i) {
  const std::string& a = args[i];
  if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) return a.substr(eq + 1);
  if (i + 1 >= args.size()) throw_input(a, "", "expects a value");
  return args[++i];
}

}  // namespace stickslip
