// core/parameters.hpp — declared, typed, validated key=value parameters.
//
// A study declares every key it understands with a default and a one-line help text; the command line's
// `--set KEY=VALUE` overrides them. Reading a key converts and validates it; any failure throws
// InputError("key=value: what is allowed"), which the CLI turns into exit code 2. Keys that a study
// sweeps accept comma-separated lists.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"

namespace stickslip {

// Choices that were renamed: old spelling -> its new names. With one new name the old spelling is read as it; with
// several it is ambiguous, an InputError naming the key and the new names.
using Renames = std::map<std::string, std::vector<std::string>>;
std::vector<std::string> split_list(const std::string& text);  // "a,b" -> {"a", "b"} (an empty item stays)
std::string renamed(const std::string& key, const std::string& text, const Renames& renames);

class Parameters {
 public:
  explicit Parameters(std::string owner = "study") : owner_(std::move(owner)) {}

  // Declare a key (defaults are strings, exactly as a user would type them).
  Parameters& declare(const std::string& key, const std::string& default_value, const std::string& help);
  // Apply "key=value"; unknown keys and missing '=' are InputErrors.
  void assign(const std::string& assignment);
  // Sets a declared key; its check (accepts()) runs first, whatever the run will use of the key.
  void set(const std::string& key, const std::string& value);

  // What a declared key accepts, checked by set() whether or not the run reads the key (a parameter of a law the
  // study does not run is still a number in that law's range): --set, --dry-run, a sweep's points and Python refuse
  // the same values. The check throws InputError naming the key; defaults are not checked.
  using Check = std::function<void(const std::string& key, const std::string& value)>;
  Parameters& accepts(const std::string& key, Check check);

  bool has(const std::string& key) const { return entries_.count(key) != 0; }
  // Whether the user changed the key from its default.
  bool given(const std::string& key) const { return entry(key).value != entry(key).default_value; }
  // The key to name when a relation between several keys fails: the first of `keys` the user changed (the first of
  // them if none was changed), so that an error names a key the user gave (`stickslip help` lists the defaults).
  std::string culprit(std::initializer_list<std::string> keys) const;
  // A relation between keys (e.g. dt <= t_end) that must hold: if not, an InputError naming culprit(keys), its value
  // and `relation` (which states the keys and values involved).
  void require_relation(bool holds, std::initializer_list<std::string> keys, const std::string& relation) const;
  // The unit its help text gives as " [UNIT]" (e.g. "end time [s]"), "" if none (a range "[0:5]" or an option
  // "[--x]" is not a unit).
  std::string unit(const std::string& key) const;
  const std::string& raw(const std::string& key) const;

  // Typed, validated reads.
  double real(const std::string& key) const;                       // any finite number
  double positive(const std::string& key) const;                   // > 0
  double nonnegative(const std::string& key) const;                // >= 0
  double in_range(const std::string& key, double lo, double hi) const;  // lo <= v <= hi
  double in_open_range(const std::string& key, double lo, double hi) const;  // lo < v < hi (a relative tolerance: (0, 1))
  double absolute_tolerance(const std::string& key) const;  // check_absolute_tolerance
  long integer(const std::string& key, long lo, long hi) const;
  bool flag(const std::string& key) const;                         // on or off
  std::string choice(const std::string& key, const std::vector<std::string>& allowed, const Renames& renames = {}) const;

  std::vector<double> real_list(const std::string& key) const;     // "1e-3,1e-2"
  std::vector<double> positive_list(const std::string& key) const;
  std::vector<double> in_range_list(const std::string& key, double lo, double hi) const;  // every value in [lo, hi]
  std::vector<std::string> choice_list(const std::string& key, const std::vector<std::string>& allowed,
                                       const Renames& renames = {}) const;
  std::vector<bool> flag_list(const std::string& key) const;
  // read(item) for each comma-separated item of a list key, in order; an InputError on one item names the whole value
  // the user gave and the item ("solver=rk4,,heun: item '': ..."), as the typed list readers above do.
  template <class F>
  auto each_item(const std::string& key, F&& read) const {
    std::vector<std::decay_t<decltype(read(std::string()))>> out;
    for (const std::string& item : split_list(raw(key))) {
      try {
        out.push_back(read(item));
      } catch (const InputError& e) {
        rethrow_for_list(key, item, e);
      }
    }
    return out;
  }

  struct Entry {
    std::string value;
    std::string default_value;
    std::string help;
    Check check = {};  // see accepts()
  };
  const std::map<std::string, Entry>& entries() const { return entries_; }

 private:
  const Entry& entry(const std::string& key) const;
  [[noreturn]] void rethrow_for_list(const std::string& key, const std::string& item, const InputError& e) const;
  std::string owner_;
  std::map<std::string, Entry> entries_;
};

// The syntax of every value, as `stickslip help STUDY` states it: a number is decimal or scientific notation only
// (2, -0.5, 1e-3, 1E+6: no spaces around or inside, no hex, no inf or nan, within the range of a double); a list is
// comma-separated without spaces; a switch is on or off. Anything else is an InputError
// naming the key.
inline constexpr const char* kValueSyntax =
    "numbers as 2, -0.5 or 1e-3 (decimal or scientific notation, no spaces, no hex); lists comma-separated without "
    "spaces: 0.1,0.01; switches on/off";

// Helpers shared with other parsers.
std::vector<std::string> split_list(const std::string& text);
double parse_real(const std::string& key, const std::string& text);
std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

// An absolute tolerance of dopri5, CVODE or IDA: in (0, 1), in the units of the state (an error of one metre, one m/s
// or one natural unit in every state is no accuracy in any study, and above it the solvers return a wrong answer
// silently: atol=1e308 stepped the dry-friction oscillator past its stick); else an InputError naming key and value.
double check_absolute_tolerance(const std::string& key, double value);

}  // namespace stickslip
