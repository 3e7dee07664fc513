// studies/python/bind_commands.cpp — the command line's commands in process (see bindings.hpp): the very function the
// `stickslip` program runs (studies/cli/commands.hpp), with its result text captured and its failure's reason
// returned, for the typed Python face in studies/python/stickslip/studies.py; and the study registry's names,
// summaries, parameters and observables as Python data.
//
//   _core.command(args) -> (exit_code, stdout_text, reason)   args = argv[1..] of `stickslip`
//   _core.studies() -> [(name, summary)]
//   _core.parameters(study) -> [(key, default, help, unit)]
//   _core.observables(study) -> [(name, unit, help)]
//   _core.parse_real(key, text) -> float, as --set KEY=TEXT reads a number (ValueError with its message)
//   _core.parse_real_list(key, text) -> [float], as --set KEY=A,B reads a list of numbers
//   _core.built_program: the `stickslip` program built beside this module (sweep runs its points with it)
//   _core.set_sweep_program(path) / _core.sweep_program()
//
// command() releases the GIL while the C++ runs and holds a SignalScope, so Ctrl-C ends a run as on the command line
// (exit 130, the finished runs on disk); progress goes to the process's stderr as on the command line. Calls from
// several Python threads run one after the other.
#include <pybind11/stl.h>

#include <iostream>
#include <mutex>
#include <sstream>

#include "core/parameters.hpp"
#include "studies/cli/commands.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/sweep.hpp"
#include "studies/python/bindings.hpp"

namespace py = pybind11;

namespace stickslip::python {

namespace {

// One command at a time in this process: studies are not thread-safe (a sweep runs its points as processes), and
// the signal handlers and the interrupt flag are the process's. A second Python thread's call waits here, without
// the GIL.
std::mutex& one_command() {
  static std::mutex m;
  return m;
}

py::tuple command(const std::vector<std::string>& args) {
  std::ostringstream out;
  CommandIo io{out, std::cerr};
  io.print_closing_line = false;  // Python raises it
  int code = 0;
  std::unique_lock<std::mutex> turn(one_command(), std::defer_lock);
  {
    const py::gil_scoped_release unlocked;
    turn.lock();
  }
  {
    const SignalScope signals;
    const py::gil_scoped_release unlocked;
    code = run_command_line(args, io);
    std::cerr.flush();
  }
  return py::make_tuple(code, out.str(), io.reason);
}

}  // namespace

void bind_commands(py::module_& m) {
  m.def("command", &command, py::arg("args"),
        "Runs `stickslip ARGS...` in this process; returns (exit code, its stdout text, the reason of a non-zero exit).");
  m.def(
      "studies",
      [] {
        std::vector<std::pair<std::string, std::string>> v;
        for (const auto& s : all_studies()) v.emplace_back(s->name(), s->summary());
        return v;
      },
      "[(name, one-line summary)] of every study");
  m.def(
      "parameters",
      [](const std::string& name) {
        const auto studies = studies_with(name);
        const Parameters p = find_study(studies, name).parameters();
        std::vector<std::tuple<std::string, std::string, std::string, std::string>> v;
        for (const auto& [key, e] : p.entries()) v.emplace_back(key, e.default_value, e.help, p.unit(key));
        return v;
      },
      py::arg("study"), "[(key, default as typed, help, unit)] of a study's parameters");
  m.def(
      "observables",
      [](const std::string& name) {
        const auto studies = studies_with(name);
        std::vector<std::tuple<std::string, std::string, std::string>> v;
        for (const Observable& o : find_study(studies, name).observables()) v.emplace_back(o.name, o.unit, o.help);
        return v;
      },
      py::arg("study"), "[(name, unit, help)] of a study's observables (for converge)");
  m.def(
      "parse_real", [](const std::string& key, const std::string& text) { return parse_real(key, text); }, py::arg("key"),
      py::arg("text"),
      "A number as the command line reads it (--set KEY=TEXT): ValueError with its message for nan, inf or a value "
      "beyond a double's range.");
  m.def(
      "parse_real_list",
      [](const std::string& key, const std::string& text) {
        Parameters p("python");
        p.declare(key, text, "");
        return p.real_list(key);
      },
      py::arg("key"), py::arg("text"), "A comma-separated list of numbers as --set KEY=A,B reads it (ValueError with its message).");
  m.attr("built_program") = STICKSLIP_BINARY;
  m.def("set_sweep_program", [](const std::string& path) { sweep_point_program() = path; }, py::arg("path"),
        "The program sweep runs each point with (`PROGRAM run STUDY ...`).");
  m.def("sweep_program", [] { return sweep_point_program(); });
}

}  // namespace stickslip::python
