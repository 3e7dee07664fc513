// studies/experiment/output.hpp — CSV time series, JSON summaries, gnuplot figures, progress lines.
//
// CSV (RFC 4180): a header row whose column names carry units ("t [s]"), then rows at full precision; a field
// holding a comma, a double quote or a line break is enclosed in double quotes with its quotes doubled, so every
// line has the header's field count for any CSV reader (Python's csv module, pandas, gnuplot's
// `set datafile separator ','`). A non-finite value is never written silently: the writer throws SolverError
// naming the file and column.
// JSON: nlohmann::json; json_number() maps non-finite doubles to null. Every file goes through
// core/output_file.hpp: writes checked (a failed one is IoError, exit 4), a temporary name and a rename on
// commit, removed when abandoned (studies/experiment/run_store.hpp has the rows appended as runs finish).
// Figures: a gnuplot script is written next to its PNG (so a user can restyle it) and run as a child process
// (core/child_process.hpp) that sends the PNG to stickslip, which writes it like any other file; what gnuplot
// writes on stderr is reported as warnings on the log.
#pragma once

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <istream>
#include <type_traits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/output_file.hpp"

namespace stickslip {

// One field of a CSV row: a number (any arithmetic type) or a text (a name such as a friction law).
struct CsvCell {
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  CsvCell(T v) : number(static_cast<double>(v)) {}  // NOLINT: implicit, so that a row reads {law, dt, ratio}
  CsvCell(std::string s) : text(std::move(s)), is_text(true) {}
  CsvCell(const char* s) : text(s), is_text(true) {}
  // A derived statistic that may be undefined (a fit's chi^2 on zero degrees of freedom): an empty field when v is
  // not finite, never "nan".
  static CsvCell if_finite(double v) { return std::isfinite(v) ? CsvCell(v) : CsvCell(""); }
  double number = 0;
  std::string text;
  bool is_text = false;
};

// A text as one RFC 4180 field: unchanged, or in double quotes (quotes doubled) if it holds a comma, a double
// quote, CR or LF.
std::string csv_field(const std::string& text);

class CsvWriter {
 public:
  CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& columns);
  void row(const std::vector<double>& values);
  void row(std::initializer_list<double> values) { row(std::vector<double>(values)); }
  void row(const std::vector<CsvCell>& cells);  // numbers and texts
  const std::filesystem::path& path() const { return path_; }
  // The rows go to <path>.part; close() renames it to <path>, so a file under its own name is never half written.
  // Close before a figure reads it. A writer destroyed without close() (a failed run, a signal) removes its .part
  // file: a run's failure never leaves its partial rows under the final name.
  void close();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

 private:
  std::filesystem::path path_;
  std::vector<std::string> columns_;
  OutputFile out_;
};

// The records of an RFC 4180 CSV, header included: fields split at commas outside double quotes, a quoted field's
// "" read as one quote; a quoted field may span lines. Throws std::runtime_error naming `name` for an unterminated quote.
std::vector<std::vector<std::string>> read_csv_records(std::istream& in, const std::string& name);
// The numbers of a CSV written by CsvWriter (header row skipped), row by row: what a study reads back of a run that
// a --resume did not rerun (studies/experiment/run_store.hpp).
std::vector<std::vector<double>> read_csv(const std::filesystem::path& path);
// The same numbers one row at a time, without holding the file: fn(row) for each row after the header line (a
// CsvWriter header, on one line). For a series too long to keep in memory (a run's time series read back for its
// summary or a figure); a signal ends the reading within a row (check_interrupt, core/interrupt.hpp).
void for_each_csv_row(const std::filesystem::path& path, const std::function<void(const std::vector<double>&)>& fn);

nlohmann::json json_number(double v);
// A transition time for CSV/JSON: exact to the bit when a driver located it as an event; otherwise it was read
// off the output grid and is rounded to the grid's precision (the decimals of dt), so it never looks exact.
// Sets j[key] and j[key + "_located"].
void put_transition_time(nlohmann::json& j, const std::string& key, double t, bool located, double dt);
void write_json(const std::filesystem::path& path, const nlohmann::json& j);

// Writes `script` (gnuplot commands without terminal/output lines) to <png stem>.gp, prefixed with a
// pngcairo terminal of the given size and `set output`, and runs gnuplot on the same commands with the PNG sent to
// stickslip, which writes it (checked, under its name only when complete). Returns false (and logs a line; gnuplot's
// messages in <png stem>.gnuplot.log) if gnuplot is not available or fails. A signal ends gnuplot and throws Interrupted; a
// failed write throws IoError.
bool render_png(const std::filesystem::path& png, const std::string& script, std::ostream& log, int width = 1000,
                int height = 700);

// Copies each non-blank line of gnuplot's stderr to log as "gnuplot warning (<png>): <line>"; nothing when it is
// blank.
void report_gnuplot_warnings(const std::string& gnuplot_stderr, const std::filesystem::path& png,
                             std::ostream& log);

// "name: 3/48 ..." progress lines on the log stream (stderr).
class Progress {
 public:
  Progress(std::ostream& log, std::string name, std::size_t total) : log_(log), name_(std::move(name)), total_(total) {}
  void tick(const std::string& what);

 private:
  std::ostream& log_;
  std::string name_;
  std::size_t total_, done_ = 0;
};

}  // namespace stickslip
