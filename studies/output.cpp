#include "studies/output.hpp"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>

#include "core/errors.hpp"

namespace stickslip {

CsvWriter::CsvWriter(const std::filesystem::path& path, const std::vector<std::string>& columns)
    : path_(path), columns_(columns), exceptions_(std::uncaught_exceptions()) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  out_.open(temporary_path(path));
  if (!out_) throw std::runtime_error("cannot write " + path.string());
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

void CsvWriter::close() {
  if (!out_.is_open()) return;
  out_.close();
  std::filesystem::rename(temporary_path(path_), path_);
}

CsvWriter::~CsvWriter() {
  if (!out_.is_open()) return;
  out_.close();
  std::error_code ec;
  if (std::uncaught_exceptions() > exceptions_)  // unwinding (a failure or a signal): no half-written file
    std::filesystem::remove(temporary_path(path_), ec);
  else
    std::filesystem::rename(temporary_path(path_), path_, ec);
}

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

std::filesystem::path temporary_path(const std::filesystem::path& path) { return path.string() + ".part"; }

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  const std::filesystem::path tmp = temporary_path(path);
  {
    std::ofstream out(tmp);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }
  std::filesystem::rename(tmp, path);
}

nlohmann::json json_number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

void write_json(const std::filesystem::path& path, const nlohmann::json& j) { write_file_atomically(path, j.dump(2) + "\n"); }

void report_gnuplot_warnings(const std::filesystem::path& stderr_file, const std::filesystem::path& png,
                             std::ostream& log) {
  std::ifstream in(stderr_file);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      log << "gnuplot warning (" << png.filename().string() << "): " << line << '\n';
}

bool render_png(const std::filesystem::path& png, const std::string& script, std::ostream& log, int width,
                int height) {
  std::filesystem::path gp = png;
  gp.replace_extension(".gp");
  {
    std::ofstream out(gp);
    out << "set terminal pngcairo noenhanced size " << width << "," << height << " font 'Sans,10'\n";
    out << "set output '" << png.filename().string() << "'\n";
    out << script << '\n';
  }
  const std::string command =
      "cd '" + gp.parent_path().string() + "' && gnuplot '" + gp.filename().string() + "' 2>gnuplot.log";
  if (std::system(command.c_str()) != 0) {
    log << "warning: gnuplot failed for " << gp.string() << " (see gnuplot.log); CSV and JSON are complete\n";
    return false;
  }
  // gnuplot succeeded; what it wrote on stderr are warnings (an empty range, a skipped file, an unknown option),
  // reported so that a figure drawn wrong never passes silently.
  report_gnuplot_warnings(gp.parent_path() / "gnuplot.log", png, log);
  std::filesystem::remove(gp.parent_path() / "gnuplot.log");
  return true;
}

void Progress::tick(const std::string& what) {
  ++done_;
  log_ << name_ << ": " << done_ << "/" << total_ << " " << what << '\n' << std::flush;
}

}  // namespace stickslip
