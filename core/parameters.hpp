// core/parameters.hpp — declared, typed, validated key=value parameters.
//
// A study declares every key it understands with a default and a one-line help text; the command line's
// `--set KEY=VALUE` overrides them. Reading a key converts and validates it; any failure throws
// InputError("key=value: what is allowed"), which the CLI turns into exit code 2. Keys that a study
// sweeps accept comma-separated lists.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace stickslip {

// Choices that were renamed: old spelling -> its new names. With one new name the old spelling is read as it; with
// several it is ambiguous, an InputError naming the key and the new names.
using Renames = std::map<std::string, std::vector<std::string>>;
std::string renamed(const std::string& key, const std::string& text, const Renames& renames);

class Parameters {
 public:
  explicit Parameters(std::string owner = "study") : owner_(std::move(owner)) {}

  // Declare a key (defaults are strings, exactly as a user would type them).
  Parameters& declare(const std::string& key, const std::string& default_value, const std::string& help);
  // Apply "key=value"; unknown keys and missing '=' are InputErrors.
  void assign(const std::string& assignment);
  void set(const std::string& key, const std::string& value);

  bool has(const std::string& key) const { return entries_.count(key) != 0; }
  // The unit its help text gives as " [UNIT]" (e.g. "end time [s]"), "" if none (a range "[0:5]" or an option
  // "[--x]" is not a unit).
  std::string unit(const std::string& key) const;
  const std::string& raw(const std::string& key) const;

  // Typed, validated reads.
  double real(const std::string& key) const;                       // any finite number
  double positive(const std::string& key) const;                   // > 0
  double nonnegative(const std::string& key) const;                // >= 0
  double in_range(const std::string& key, double lo, double hi) const;  // lo <= v <= hi
  long integer(const std::string& key, long lo, long hi) const;
  bool flag(const std::string& key) const;                         // on/off, true/false, 1/0, yes/no
  std::string choice(const std::string& key, const std::vector<std::string>& allowed, const Renames& renames = {}) const;

  std::vector<double> real_list(const std::string& key) const;     // "1e-3,1e-2"
  std::vector<double> positive_list(const std::string& key) const;
  std::vector<std::string> choice_list(const std::string& key, const std::vector<std::string>& allowed,
                                       const Renames& renames = {}) const;
  std::vector<bool> flag_list(const std::string& key) const;

  struct Entry {
    std::string value;
    std::string default_value;
    std::string help;
  };
  const std::map<std::string, Entry>& entries() const { return entries_; }

 private:
  const Entry& entry(const std::string& key) const;
  std::string owner_;
  std::map<std::string, Entry> entries_;
};

// Helpers shared with other parsers.
std::vector<std::string> split_list(const std::string& text);
double parse_real(const std::string& key, const std::string& text);
std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

}  // namespace stickslip
