// studies/experiment/study_runs.hpp — the loop every study has, written once: the product of its parameter lists, and a list
// of configurations each run once through the run store (ctx.run: on disk when it returns, taken from disk by
// --resume) with a progress line per finished run.
//
//   for_each_product([&](const std::string& law, double dt, bool damped) { configs.push_back({law, dt, damped}); },
//                    laws, dts, dampings);                         // the last list varies fastest
//   const nlohmann::json rows = run_each(ctx, name(), configs, label_of, [&](const Config& c) { return row_of(c); });
// run_each_parallel does the same with up to `jobs` runs at a time on threads (the runs must be independent and
// thread-safe: their own model objects, no shared mutable state); the rows are stored and returned in the order of
// the items, a resumed run is taken from disk, and the first exception of a run (an interrupt, a solver failure) is
// rethrown once the runs under way have ended.
#pragma once

#include <exception>
#include <mutex>
#include <condition_variable>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/experiment/output.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"

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

template <class Item, class Label, class Fn>
nlohmann::json run_each_parallel(const StudyContext& ctx, const std::string& study, const std::vector<Item>& items,
                                 Label&& label, Fn&& fn, int jobs) {
  if (jobs <= 1) return run_each(ctx, study, items, label, fn);
  Progress progress(ctx.log, study, items.size());
  const std::size_t n = items.size();
  std::vector<std::string> keys(n);
  std::vector<std::optional<nlohmann::json>> rows_of(n);
  std::vector<std::exception_ptr> failed(n);
  std::vector<char> pending(n, 0), started(n, 0), finished(n, 0);
  std::vector<std::size_t> queue;
  for (std::size_t k = 0; k < n; ++k) {
    keys[k] = label(items[k]);
    if (const nlohmann::json* stored = ctx.store ? ctx.store->stored(keys[k]) : nullptr) rows_of[k] = *stored;
    else pending[k] = 1, queue.push_back(k);
  }
  std::mutex mutex;
  std::condition_variable ready;
  std::size_t next = 0;
  bool stop = false;
  const auto worker = [&] {
    for (;;) {
      std::size_t k = 0;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (stop || next >= queue.size()) return;
        k = queue[next++];
        started[k] = 1;
      }
      std::optional<nlohmann::json> row;
      std::exception_ptr error;
      try {
        row = nlohmann::json(fn(items[k]));
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex);
      rows_of[k] = std::move(row), failed[k] = error, finished[k] = 1;
      if (error) stop = true;
      ready.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs && static_cast<std::size_t>(t) < queue.size(); ++t) threads.emplace_back(worker);
  nlohmann::json rows = nlohmann::json::array();
  bool broken = false;
  for (std::size_t k = 0; k < n && !broken; ++k) {
    if (pending[k]) {
      std::unique_lock<std::mutex> lock(mutex);
      ready.wait(lock, [&] { return finished[k] || (stop && !started[k]); });
      if (!finished[k] || failed[k]) {
        broken = true;
        break;
      }
      const nlohmann::json row = *rows_of[k];
      lock.unlock();
      rows.push_back(ctx.run(keys[k], [&] { return row; }));
      pending[k] = 0;  // recorded
    } else {
      rows.push_back(*rows_of[k]);
    }
    progress.tick(keys[k]);
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    stop = stop || broken;
  }
  for (std::thread& t : threads) t.join();
  // Runs that finished after an earlier one failed are kept on disk too (a --resume takes them from there).
  for (std::size_t k = 0; k < n; ++k)
    if (pending[k] && finished[k] && !failed[k] && ctx.store) ctx.store->record(keys[k], *rows_of[k]);
  for (std::size_t k = 0; k < n; ++k)
    if (failed[k]) std::rethrow_exception(failed[k]);
  return rows;
}

}  // namespace stickslip
