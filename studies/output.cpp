#include "studies/output.hpp"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/child_process.hpp"

namespace stickslip {

CsvWriter::CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& columns)
    : path_(path), columns_(columns), out_(path) {
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10);
  for (std::size_t i = 0; i < columns.size(); ++i) out_ << (i ? "," : "") << columns[i];
  out_ << '\n';
}

void CsvWriter::row(const std::vector<double>& values) {
  if (values.size() != columns_.size())
    throw std::logic_error(path_.string() + ": row has " + std::to_string(values.size()) + " values for " +
                           std::to_string(columns_.size()) + " columns");
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!std::isfinite(values[i]))
      throw SolverError("non-finite value in column '" + columns_[i] + "' of " + path_.string());
    out_ << (i ? "," : "") << values[i];
  }
  out_ << '\n';
}

void put_transition_time(nlohmann::json& j, const std::string& key, double t, bool located, double dt) {
  j[key + "_located"] = located;
  if (located || !std::isfinite(t) || !(dt > 0)) {
    j[key] = json_number(t);
    return;
  }
  const double decimals = std::max(0.0, std::ceil(-std::log10(dt) - 1e-12));
  const double scale = std::pow(10.0, decimals);
  j[key] = json_number(std::round(t * scale) / scale);
}

void CsvWriter::close() { out_.commit(); }

std::vector<std::vector<double>> read_csv(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::vector<std::vector<double>> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::size_t start = 0;
    while (start <= line.size()) {
      const std::size_t end = std::min(line.find(',', start), line.size());
      row.push_back(std::strtod(line.c_str() + start, nullptr));
      start = end + 1;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

nlohmann::json json_number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

void write_json(const std::filesystem::path& path, const nlohmann::json& j) { write_file_atomically(path, j.dump(2) + "\n"); }

bool render_png(const std::filesystem::path& png, const std::string& script, std::ostream& log, int width,
                int height) {
  if (interrupt_flag() == -1) throw Interrupted(0);  // a --dry-run draws nothing
  std::filesystem::path gp = png;
  gp.replace_extension(".gp");
  const std::string terminal = "set terminal pngcairo noenhanced size " + std::to_string(width) + "," +
                               std::to_string(height) + " font 'Sans,10'\n";
  // The script kept for the user draws into the PNG by name; gnuplot here gets the same lines with the output on
  // its stdout (line numbers in its messages are those of the .gp file).
  write_file_atomically(gp, terminal + "set output '" + png.filename().string() + "'\n" + script + '\n');
  const std::filesystem::path dir = gp.parent_path().empty() ? std::filesystem::path(".") : gp.parent_path();
  OutputFile image(png);
  ChildResult r;
  try {
    r = run_child(ChildSpec({"gnuplot", "/dev/stdin"}, dir), terminal + "set output\n" + script + '\n',
                  [&](const char* bytes, std::size_t n) { image.write(bytes, static_cast<std::streamsize>(n)); });
  } catch (const SpawnError& e) {
    log << "warning: " << e.what() << " (gnuplot-nox draws the figures); CSV and JSON are complete\n";
    return false;
  }
  if (r.status != 0) {
    write_file_atomically(dir / "gnuplot.log", r.err);
    log << "warning: gnuplot failed for " << gp.string() << " (see gnuplot.log); CSV and JSON are complete\n";
    return false;
  }
  image.commit();
  std::error_code ec;
  std::filesystem::remove(dir / "gnuplot.log", ec);
  return true;
}

void Progress::tick(const std::string& what) {
  ++done_;
  log_ << name_ << ": " << done_ << "/" << total_ << " " << what << '\n' << std::flush;
}

}  // namespace stickslip
