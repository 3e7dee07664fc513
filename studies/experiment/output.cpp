#include "studies/experiment/output.hpp"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/child_process.hpp"

namespace stickslip {

CsvWriter::CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& columns)
    : path_(path), columns_(columns), out_(path) {
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10);
  for (std::size_t i = 0; i < columns.size(); ++i) out_ << (i ? "," : "") << csv_field(columns[i]);
  out_ << '\n';
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string q = "\"";
  for (char c : text) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + '"';
}

void CsvWriter::row(const std::vector<double>& values) {
  check_interrupt();  // a signal ends a long file within a row (the .part file is then removed)
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

void CsvWriter::row(const std::vector<CsvCell>& cells) {
  check_interrupt();
  if (cells.size() != columns_.size())
    throw std::logic_error(path_.string() + ": row has " + std::to_string(cells.size()) + " values for " +
                           std::to_string(columns_.size()) + " columns");
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!cells[i].is_text && !std::isfinite(cells[i].number))
      throw SolverError("non-finite value in column '" + columns_[i] + "' of " + path_.string());
    out_ << (i ? "," : "");
    if (cells[i].is_text) out_ << csv_field(cells[i].text);
    else out_ << cells[i].number;
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

std::vector<std::vector<std::string>> read_csv_records(std::istream& in, const std::string& name) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, any = false;  // inside quotes; the current record has begun
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    any = true;
    if (quoted) {
      if (c != '"') field += static_cast<char>(c);
      else if (in.peek() == '"') field += static_cast<char>(in.get());
      else quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || c == '\r') {
      check_interrupt();  // a long file: a signal ends the reading within a line
      if (c == '\r' && in.peek() == '\n') in.get();
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      any = false;
    } else {
      field += static_cast<char>(c);
    }
  }
  if (quoted) throw std::runtime_error(name + ": a quoted field is not closed");
  if (any) {  // a last line without a line break
    record.push_back(std::move(field));
    records.push_back(std::move(record));
  }
  return records;
}

std::vector<std::vector<double>> read_csv(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::vector<std::vector<double>> rows;
  const auto records = read_csv_records(in, path.string());
  for (std::size_t r = 1; r < records.size(); ++r) {  // record 0: the header
    std::vector<double> row;
    for (const std::string& f : records[r]) row.push_back(std::strtod(f.c_str(), nullptr));
    rows.push_back(std::move(row));
  }
  return rows;
}

void for_each_csv_row(const std::filesystem::path& path, const std::function<void(const std::vector<double>&)>& fn) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::string line;
  std::getline(in, line);  // the header
  std::vector<double> row;
  while (std::getline(in, line)) {
    check_interrupt();
    row.clear();
    const char* p = line.c_str();
    while (true) {
      char* end = nullptr;
      row.push_back(std::strtod(p, &end));
      p = end;
      while (*p != ',' && *p != '\0') ++p;
      if (*p == '\0') break;
      ++p;
    }
    fn(row);
  }
}

nlohmann::json json_number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

void write_json(const std::filesystem::path& path, const nlohmann::json& j) { write_file_atomically(path, j.dump(2) + "\n"); }

void report_gnuplot_warnings(const std::string& gnuplot_stderr, const std::filesystem::path& png, std::ostream& log) {
  std::istringstream in(gnuplot_stderr);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      log << "gnuplot warning (" << png.filename().string() << "): " << line << '\n';
}

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
  // gnuplot's messages of a failed figure, one log per figure (another figure's success does not remove it).
  std::filesystem::path gnuplot_log = png;
  gnuplot_log.replace_extension(".gnuplot.log");
  if (r.status != 0) {
    write_file_atomically(gnuplot_log, r.err);
    log << "warning: gnuplot failed for " << gp.string() << " (see " << gnuplot_log.filename().string()
        << "); CSV and JSON are complete\n";
    return false;
  }
  // gnuplot succeeded; what it wrote on stderr are warnings (an empty range, a skipped file, an unknown option),
  // reported so that a figure drawn wrong never passes silently.
  report_gnuplot_warnings(r.err, png, log);
  image.commit();
  std::error_code ec;
  std::filesystem::remove(gnuplot_log, ec);
  return true;
}

void Progress::tick(const std::string& what) {
  ++done_;
  log_ << name_ << ": " << done_ << "/" << total_ << " " << what << '\n' << std::flush;
}

}  // namespace stickslip
