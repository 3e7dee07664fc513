// studies/experiment/setup_preset.hpp — a study's `setup=NAME` key: a named set of key values (a paper's set-up)
// applied before the study reads its keys.
//   Every key of the chosen preset that the user left at its declared default takes the preset's value; a key the
//   user set to another value keeps it (the user wins). Setting a key explicitly to its default value is not told
//   apart from leaving it (Parameters::given). The preset "default" sets nothing.
//   The record (summary.json "setup") names the preset, the keys it set ("set": key -> value) and the keys the user
//   kept against it ("kept": key -> the user's value, the preset's in "preset").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/parameters.hpp"

namespace stickslip {

struct SetupPreset {
  std::string name;
  std::string help;  // what it is, one phrase
  std::vector<std::pair<std::string, std::string>> values;  // key, value as a user would type it
};

// The declaration's help text: "default (...); NAME (HELP: key=value ...). A key set to a value other than its
// default wins over the preset".
inline std::string setup_help(const std::vector<SetupPreset>& presets) {
  std::string text;
  for (const SetupPreset& p : presets) {
    if (!text.empty()) text += "; ";
    text += p.name + " (" + p.help;
    std::string kv;
    for (const auto& [k, v] : p.values) kv += (kv.empty() ? "" : " ") + k + "=" + v;
    text += (kv.empty() ? "" : ": " + kv) + ")";
  }
  return text + ". A key set to a value other than its default wins over the preset";
}

// `prm` with the preset named by prm.raw(key) applied (an InputError naming key, value and the presets' names if
// there is no such preset); `record` receives {"name", "set", "kept", "preset"}.
inline Parameters apply_setup(const Parameters& prm, const std::string& key, const std::vector<SetupPreset>& presets,
                              nlohmann::json& record) {
  std::vector<std::string> names;
  for (const SetupPreset& p : presets) names.push_back(p.name);
  const std::string chosen = prm.choice(key, names);
  Parameters out = prm;
  nlohmann::json set = nlohmann::json::object(), kept = nlohmann::json::object(), preset = nlohmann::json::object();
  for (const SetupPreset& p : presets) {
    if (p.name != chosen) continue;
    for (const auto& [k, v] : p.values) {
      preset[k] = v;
      if (prm.given(k)) {
        kept[k] = prm.raw(k);
      } else {
        out.set(k, v);
        set[k] = v;
      }
    }
  }
  record = {{"name", chosen}, {"set", set}, {"kept", kept}, {"preset", preset}};
  return out;
}

}  // namespace stickslip
