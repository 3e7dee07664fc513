// studies/study_runs.hpp — the loop every study has, written once: the product of its parameter lists, and a list
// of configurations each run once through the run store (ctx.run: on disk when it returns, taken from disk by
// --resume) with a progress line per finished run.
//
//   for_each_product([&](const std::string& law, double dt, bool damped) { configs.push_back({law, dt, damped}); },
//                    laws, dts, dampings);                         // the last list varies fastest
//   const nlohmann::json rows = run_each(ctx, name(), configs, label_of, [&](const Config& c) { return row_of(c); });
#pragma once

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/output.hpp"
#include "studies/study.hpp"

namespace stickslip {

namespace detail {
template <class F, class Bound>
void product(F& f, const Bound& bound) {
  std::apply(f, bound);
}
template <class F, class Bound, class List, class... Rest>
void product(F& f, const Bound& bound, const List& list, const Rest&... rest) {
  for (const auto& v : list) product(f, std::tuple_cat(bound, std::tuple<typename List::value_type>(v)), rest...);
}
}  // namespace detail

// f(a, b, ...) for every a in the first list, b in the second, ...; the last list varies fastest.
template <class F, class... Lists>
void for_each_product(F&& f, const Lists&... lists) {
  detail::product(f, std::tuple<>(), lists...);
}

// fn(item) for every item, each as the run `label(item)` of the run store; the rows in the order of the items.
template <class Item, class Label, class Fn>
nlohmann::json run_each(const StudyContext& ctx, const std::string& study, const std::vector<Item>& items, Label&& label,
                        Fn&& fn) {
  Progress progress(ctx.log, study, items.size());
  nlohmann::json rows = nlohmann::json::array();
  for (const Item& item : items) {
    const std::string key = label(item);
    rows.push_back(ctx.run(key, [&] { return nlohmann::json(fn(item)); }));
    progress.tick(key);
  }
  return rows;
}

}  // namespace stickslip
