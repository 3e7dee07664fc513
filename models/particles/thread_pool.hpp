// models/particles/thread_pool.hpp — a persistent pool of worker threads for the particle engine's parallel loops.
//
// ThreadPool(count) starts count - 1 workers once; run(f) calls f(0) on the caller and f(1) .. f(count - 1) on the
// workers, and returns when all have finished (a fork-join barrier). No allocation and no thread creation per call:
// the task is passed as a (context pointer, function pointer) pair. Workers and the caller spin for a short while
// (kSpinTime) and then sleep on a condition variable, so back-to-back phases (the two force phases, the Verlet
// kicks) hand over in well under a microsecond while an idle pool costs no CPU (the machine may be shared).
// PoolHandle: the pool as a member of a copyable object (the engine): copies start without a pool, which is made
// on first use with the requested count.
// PoolStats (off unless attached with set_stats; bench_particles' model of the serial share and of the speed-up on
// more cores): per run(), its wall time, and each task's CPU time (CLOCK_THREAD_CPUTIME_ID), so the slowest task's
// (the region's critical path when every task has a core of its own, which holds with more tasks than cores too) and
// their sum; the time outside the regions is the serial share of the caller's loop.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define STICKSLIP_CPU_RELAX() _mm_pause()
#else
#define STICKSLIP_CPU_RELAX() ((void)0)
#endif

namespace stickslip {

// Accumulated over the regions (run() calls) of a pool with stats attached; seconds.
struct PoolStats {
  long regions = 0;
  double wall = 0;      // inside run(), on the caller's clock
  double critical = 0;  // the slowest task's CPU time per region, summed
  double work = 0;      // every task's CPU time
};

// The calling thread's CPU time (s).
inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

class ThreadPool {
 public:
  explicit ThreadPool(int count)
      : count_(count < 1 ? 1 : count),
        spin_(static_cast<unsigned>(count_) <= std::thread::hardware_concurrency()) {
    workers_.reserve(static_cast<std::size_t>(count_ - 1));
    for (int t = 1; t < count_; ++t) workers_.emplace_back([this, t] { work(t); });
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lk(m_);
      stop_.store(true, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
    for (auto& w : workers_) w.join();
  }
  int size() const { return count_; }
  // Time accounting of every later run() into *stats (nullptr: off).
  void set_stats(PoolStats* stats) {
    stats_ = stats;
    task_cpu_.assign(static_cast<std::size_t>(count_), {});
  }

  // f(t) for t = 0 .. size() - 1, f(0) on the calling thread; returns when every call has returned.
  template <class F>
  void run(F& f) {
    if (stats_) {
      const auto start = std::chrono::steady_clock::now();
      dispatch(f);
      account(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    } else {
      dispatch(f);
    }
  }

 private:
  template <class F>
  void dispatch(F& f) {
    if (count_ == 1) {
      timed(0, [&] { f(0); });
      return;
    }
    fn_ = [](void* ctx, int t) { (*static_cast<F*>(ctx))(t); };
    ctx_ = &f;
    remaining_.store(count_ - 1, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lk(m_);
      generation_.fetch_add(1, std::memory_order_release);
    }
    start_.notify_all();
    timed(0, [&] { f(0); });
    if (spin([this] { return remaining_.load(std::memory_order_acquire) == 0; })) return;
    std::unique_lock<std::mutex> lk(m_);
    done_.wait(lk, [this] { return remaining_.load(std::memory_order_acquire) == 0; });
  }
  // g() for task t, its CPU time noted when stats are attached.
  template <class G>
  void timed(int t, G&& g) {
    if (!stats_) {
      g();
      return;
    }
    const double c = thread_cpu_seconds();
    g();
    task_cpu_[static_cast<std::size_t>(t)].seconds = thread_cpu_seconds() - c;
  }
  void account(double wall) {
    double slowest = 0, sum = 0;
    for (const TaskTime& c : task_cpu_) slowest = std::max(slowest, c.seconds), sum += c.seconds;
    ++stats_->regions;
    stats_->wall += wall;
    stats_->critical += slowest;
    stats_->work += sum;
  }

  // how long a thread polls before it sleeps: longer than the serial stretches between two phases (the driver's
  // bookkeeping, a neighbor build's counting sort: tens of microseconds at N = 1e4), short against a force phase
  // (~0.5 ms at N = 1e4); no polling when there are more threads than cores (a spinning thread would then hold the
  // core the one it waits for needs)
  static constexpr auto kSpinTime = std::chrono::microseconds(200);

  // Polls done() until it is true (returns true) or kSpinTime has passed (returns false).
  template <class Done>
  bool spin(Done&& done) const {
    if (!spin_) return done();
    const auto end = std::chrono::steady_clock::now() + kSpinTime;
    for (unsigned k = 1;; ++k) {
      if (done()) return true;
      STICKSLIP_CPU_RELAX();
      if (k % 64 == 0 && std::chrono::steady_clock::now() > end) return done();
    }
  }

  void work(int t) {
    std::uint64_t seen = 0;
    for (;;) {
      const bool ready = spin([&] { return generation_.load(std::memory_order_acquire) != seen; });
      if (!ready) {
        std::unique_lock<std::mutex> lk(m_);
        start_.wait(lk, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      }
      seen = generation_.load(std::memory_order_acquire);
      if (stop_.load(std::memory_order_relaxed)) return;  // written before the generation it ordered
      timed(t, [&] { fn_(ctx_, t); });
      if (remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lk(m_);
        done_.notify_one();
      }
    }
  }

  int count_;
  bool spin_;  // poll before sleeping (not when there are more threads than cores)
  std::vector<std::thread> workers_;
  std::mutex m_;
  std::condition_variable start_, done_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<int> remaining_{0};
  std::atomic<bool> stop_{false};
  void (*fn_)(void*, int) = nullptr;
  void* ctx_ = nullptr;
  struct alignas(64) TaskTime {  // one cache line per task: written by its own thread
    double seconds = 0;
  };
  PoolStats* stats_ = nullptr;  // set before a run(), read by the workers after its generation's release
  std::vector<TaskTime> task_cpu_;
};

// f(t, a, b) for the ranges [a, b) of n items split evenly over the pool's threads, t the thread (one call
// f(0, 0, n) without a pool).
template <class F>
void run_chunks(ThreadPool* pool, std::size_t n, F&& f) {
  if (!pool) {
    f(0, std::size_t{0}, n);
    return;
  }
  const std::size_t chunks = static_cast<std::size_t>(pool->size());
  auto task = [&](int t) {
    const std::size_t c = static_cast<std::size_t>(t);
    f(t, n * c / chunks, n * (c + 1) / chunks);
  };
  pool->run(task);
}

class PoolHandle {
 public:
  PoolHandle() = default;
  PoolHandle(const PoolHandle&) {}
  PoolHandle& operator=(const PoolHandle&) { return *this; }
  PoolHandle(PoolHandle&&) noexcept = default;
  PoolHandle& operator=(PoolHandle&&) noexcept = default;
  ThreadPool& get(int count) {
    if (!pool_ || pool_->size() != count) {
      pool_ = std::make_unique<ThreadPool>(count);
      pool_->set_stats(stats_);
    }
    return *pool_;
  }
  // Time accounting of the pool's regions (PoolStats; nullptr: off). While on, an engine with one thread runs its
  // per-particle passes on a pool of one, so they count as regions too (particle_workers).
  void measure(PoolStats* stats) {
    stats_ = stats;
    if (pool_) pool_->set_stats(stats);
  }
  bool measuring() const { return stats_ != nullptr; }

 private:
  std::unique_ptr<ThreadPool> pool_;
  PoolStats* stats_ = nullptr;
};

}  // namespace stickslip
