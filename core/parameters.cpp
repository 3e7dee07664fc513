#include "core/parameters.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/did_you_mean.hpp"
#include "core/errors.hpp"

namespace stickslip {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  for (char c : text) {
    if (c == ',') {
      out.push_back(item);
      item.clear();
    } else {
      item += c;  // a space stays: the item's parser refuses it (kValueSyntax), naming the key
    }
  }
  out.push_back(item);
  return out;
}

namespace {
// Decimal or scientific notation, nothing else: [+-] digits [. digits] [e [+-] digits] (or .digits).
bool is_decimal(const std::string& t, bool integer) {
  std::size_t i = 0, n = t.size();
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
    return i - from;
  };
  if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (integer) return mantissa > 0 && i == n;
  if (i < n && t[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == n;
}
}  // namespace

double parse_real(const std::string& key, const std::string& text) {
  if (!is_decimal(text, false))
    throw_input(key, text, "expected a finite number in decimal or scientific notation (2, -0.5, 1e-3; no spaces, no hex)");
  errno = 0;
  const double v = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE || !std::isfinite(v))
    throw_input(key, text, "beyond the range of a double (about 2.2e-308 to 1.8e308 in magnitude, or 0)");
  return v;
}

Parameters& Parameters::declare(const std::string& key, const std::string& default_value, const std::string& help) {
  entries_[key] = Entry{default_value, default_value, help};
  return *this;
}

void Parameters::assign(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw_input("--set", assignment, "expected KEY=VALUE");
  set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

void Parameters::set(const std::string& key, const std::string& value) {
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    std::vector<std::string> keys;
    for (const auto& [k, e] : entries_) keys.push_back(k);
    throw_input(key, value, "unknown key for " + owner_ + "; allowed keys: " + join(keys) + did_you_mean(key, keys));
  }
  if (it->second.check) it->second.check(key, value);
  it->second.value = value;
}

Parameters& Parameters::accepts(const std::string& key, Check check) {
  auto it = entries_.find(key);
  if (it == entries_.end()) throw std::logic_error("accepts: parameter '" + key + "' was never declared by " + owner_);
  it->second.check = std::move(check);
  return *this;
}

const Parameters::Entry& Parameters::entry(const std::string& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) throw std::logic_error("parameter '" + key + "' was never declared by " + owner_);
  return it->second;
}

const std::string& Parameters::raw(const std::string& key) const { return entry(key).value; }

std::string Parameters::culprit(std::initializer_list<std::string> keys) const {
  if (keys.size() == 0) throw std::logic_error("culprit: no keys");
  for (const std::string& k : keys)
    if (given(k)) return k;
  return *keys.begin();
}

void Parameters::require_relation(bool holds, std::initializer_list<std::string> keys, const std::string& relation) const {
  if (holds) return;
  const std::string key = culprit(keys);
  throw_input(key, raw(key), relation);
}

std::string Parameters::unit(const std::string& key) const {
  const std::string& help = entry(key).help;
  for (std::size_t open = help.find(" ["); open != std::string::npos; open = help.find(" [", open + 1)) {
    const std::size_t close = help.find(']', open);
    if (close == std::string::npos) break;
    const std::string u = help.substr(open + 2, close - open - 2);
    if (!u.empty() && u[0] != '-' && u.find_first_of(":,|") == std::string::npos) return u;
  }
  return "";
}

double Parameters::real(const std::string& key) const { return parse_real(key, raw(key)); }

double Parameters::positive(const std::string& key) const {
  const double v = real(key);
  if (!(v > 0)) throw_input(key, raw(key), "must be > 0");
  return v;
}

double Parameters::nonnegative(const std::string& key) const {
  const double v = real(key);
  if (!(v >= 0)) throw_input(key, raw(key), "must be >= 0");
  return v;
}

double Parameters::in_range(const std::string& key, double lo, double hi) const {
  const double v = real(key);
  if (!(v >= lo && v <= hi))
    throw_input(key, raw(key), "must lie in [" + format_value(lo) + ", " + format_value(hi) + "]");
  return v;
}

double Parameters::in_open_range(const std::string& key, double lo, double hi) const {
  const double v = real(key);
  if (!(v > lo && v < hi))
    throw_input(key, raw(key), "must lie in (" + format_value(lo) + ", " + format_value(hi) + ")");
  return v;
}

double check_absolute_tolerance(const std::string& key, double value) {
  if (!(value > 0 && value < 1))
    throw_input(key, format_value(value),
                "must lie in (0, 1) (an absolute tolerance in the units of the state, e.g. 1e-10)");
  return value;
}

double Parameters::absolute_tolerance(const std::string& key) const {
  const double v = real(key);
  if (!(v > 0 && v < 1)) throw_input(key, raw(key), "must lie in (0, 1) (an absolute tolerance in the units of the state, e.g. 1e-10)");
  return v;
}

long Parameters::integer(const std::string& key, long lo, long hi) const {
  const std::string& text = raw(key);
  if (!is_decimal(text, true)) throw_input(key, text, "expected an integer (digits only, no spaces)");
  errno = 0;
  const long v = std::strtol(text.c_str(), nullptr, 10);
  if (errno == ERANGE)
    throw_input(key, text, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  if (v < lo || v > hi)
    throw_input(key, text, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

// on or off, as help states every switch (not true/1/yes: one spelling per value).
static bool parse_flag(const std::string& key, const std::string& text) {
  if (text == "on") return true;
  if (text == "off") return false;
  throw_input(key, text, "allowed: on, off");
}

bool Parameters::flag(const std::string& key) const { return parse_flag(key, raw(key)); }

std::string renamed(const std::string& key, const std::string& text, const Renames& renames) {
  const auto it = renames.find(text);
  if (it == renames.end()) return text;
  if (it->second.size() == 1) return it->second.front();
  throw_input(key, text, "renamed, ambiguous: give one of " + join(it->second));
}

std::string Parameters::choice(const std::string& key, const std::vector<std::string>& allowed, const Renames& renames) const {
  const std::string v = renamed(key, raw(key), renames);
  for (const auto& a : allowed)
    if (a == v) return v;
  throw_input(key, v, "allowed: " + join(allowed) + did_you_mean(v, allowed));
}

std::vector<double> Parameters::real_list(const std::string& key) const {
  std::vector<double> out;
  for (const auto& item : split_list(raw(key))) {
    if (item.empty()) throw_input(key, raw(key), "empty item in the list");
    try {
      out.push_back(parse_real(key, item));
    } catch (const InputError&) {  // name the whole value the user gave, and the item
      throw_input(key, raw(key), "'" + item + "' is not a finite number in decimal or scientific notation (lists: "
                                              "0.1,0.01; no spaces, no hex, within the range of a double)");
    }
  }
  return out;
}

std::vector<double> Parameters::positive_list(const std::string& key) const {
  auto out = real_list(key);
  for (double v : out)
    if (!(v > 0)) throw_input(key, raw(key), "every value must be > 0");
  return out;
}

std::vector<double> Parameters::in_range_list(const std::string& key, double lo, double hi) const {
  auto out = real_list(key);
  for (double v : out)
    if (!(v >= lo && v <= hi))
      throw_input(key, raw(key), "every value must lie in [" + format_value(lo) + ", " + format_value(hi) + "]");
  return out;
}

std::vector<std::string> Parameters::choice_list(const std::string& key, const std::vector<std::string>& allowed,
                                                 const Renames& renames) const {
  std::vector<std::string> out;
  for (const auto& text : split_list(raw(key))) {
    const std::string item = renamed(key, text, renames);
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == item;
    if (!ok) throw_input(key, raw(key), "'" + item + "' is not allowed; allowed: " + join(allowed) + did_you_mean(item, allowed));
    out.push_back(item);
  }
  return out;
}

std::vector<bool> Parameters::flag_list(const std::string& key) const {
  return each_item(key, [&](const std::string& item) { return parse_flag(key, item); });
}

void Parameters::rethrow_for_list(const std::string& key, const std::string& item, const InputError& e) const {
  if (raw(key) == item) throw e;  // a single value: the message names it already
  throw_input(key, raw(key), "item '" + item + "': " + (e.allowed.empty() ? std::string(e.what()) : e.allowed));
}

}  // namespace stickslip
