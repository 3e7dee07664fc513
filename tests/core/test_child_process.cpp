// core/child_process.hpp: a child runs in its own process group, its output comes back, a signal for stickslip
// ends the child's whole group within milliseconds (Interrupted), a Child destroyed while running leaves nothing,
// and the kernel kills a child when its parent dies by SIGKILL (PR_SET_PDEATHSIG).
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/interrupt.hpp"
#include "core/child_process.hpp"
#include "tests/fault_helpers.hpp"

using namespace stickslip;
using namespace std::chrono_literals;

TEST_CASE("run_child: stdin in, stdout back, stderr collected, exit status; a missing program is SpawnError") {
  std::string out;
  const ChildResult r = run_child(ChildSpec({"/bin/sh", "-c", "cat; echo oops >&2; exit 3"}), "hello\n",
                                  [&](const char* b, std::size_t n) { out.append(b, n); });
  CHECK(out == "hello\n");
  CHECK(r.err == "oops\n");
  CHECK(r.status == 3);
  std::string big;  // more than a pipe holds, both ways at once
  const std::string input(1 << 20, 'z');
  CHECK(run_child(ChildSpec({"cat"}), input, [&](const char* b, std::size_t n) { big.append(b, n); }).status == 0);
  CHECK(big == input);
  CHECK_THROWS_AS(run_child(ChildSpec({"stickslip-no-such-program"}), "", [](const char*, std::size_t) {}), SpawnError);
  CHECK_THROWS_AS(run_child(ChildSpec({"true"}, "/nonexistent-folder"), "", [](const char*, std::size_t) {}), SpawnError);
}

TEST_CASE("a child is in its own process group and keeps no descriptor of stickslip's") {
  std::string out;
  run_child(ChildSpec({"/bin/sh", "-c", "cut -d\" \" -f5 /proc/$$/stat; ls /proc/self/fd | wc -l"}), "",
            [&](const char* b, std::size_t n) { out.append(b, n); });
  std::istringstream lines(out);
  long pgid = 0, fds = 0;
  lines >> pgid >> fds;
  CHECK(pgid != ::getpgrp());
  CHECK(fds <= 5);  // 0, 1, 2 and ls's own directory handle (and /proc/self/fd itself)
}

TEST_CASE("a signal for stickslip ends the child's whole group and throws Interrupted") {
  const auto start = std::chrono::steady_clock::now();
  std::thread signaller([] {
    std::this_thread::sleep_for(200ms);
    interrupt_flag() = SIGINT;  // what the handler does
  });
  std::string out;
  bool interrupted_thrown = false;
  try {
    // The shell's background sleep is in the child's group: it must go too.
    run_child(ChildSpec({"/bin/sh", "-c", "sleep 30 & echo $!; wait"}), "", [&](const char* b, std::size_t n) { out.append(b, n); });
  } catch (const Interrupted& e) {
    interrupted_thrown = e.signal == SIGINT;
  }
  signaller.join();
  interrupt_flag() = 0;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(interrupted_thrown);
  CHECK(seconds < 5);  // the child would have run 30 s
  const pid_t sleeper = static_cast<pid_t>(std::atol(out.c_str()));
  REQUIRE(sleeper > 0);
  CHECK(test::wait_until([&] { return !test::process_alive(sleeper); }, 2000ms));
}

TEST_CASE("a Child destroyed while it runs is killed with its group and reaped") {
  pid_t pid = 0;
  {
    Child c(ChildSpec({"sleep", "30"}, {}, "/dev/null"));
    pid = c.pid();
    CHECK(test::process_alive(pid));
  }
  CHECK_FALSE(test::process_alive(pid));
}

TEST_CASE("kill -9 of the parent: the kernel ends its children (PR_SET_PDEATHSIG)") {
  int report[2];
  REQUIRE(::pipe(report) == 0);
  const pid_t parent = ::fork();
  if (parent == 0) {  // a stand-in for stickslip: starts a child, reports its pid, waits to be killed
    ::close(report[0]);
    Child c(ChildSpec({"sleep", "30"}, {}, "/dev/null"));
    const pid_t p = c.pid();
    (void)!::write(report[1], &p, sizeof p);
    ::pause();
    ::_exit(0);
  }
  ::close(report[1]);
  pid_t child = 0;
  REQUIRE(::read(report[0], &child, sizeof child) == static_cast<ssize_t>(sizeof child));
  ::close(report[0]);
  CHECK(test::process_alive(child));
  ::kill(parent, SIGKILL);
  ::waitpid(parent, nullptr, 0);
  CHECK(test::wait_until([&] { return !test::process_alive(child); }, 2000ms));
  if (test::process_alive(child)) ::kill(child, SIGKILL);
}
