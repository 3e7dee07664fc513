// studies/papers/fuhrer_brendel_wolf/gas_study_outputs.cpp — see gas_study_outputs.hpp.
#include "studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp"

#include <fmt/format.h>

#include <cmath>

#include "models/particles/cooling_statistics.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

std::vector<double> numbers(const nlohmann::json& array) {
  std::vector<double> v;
  for (const nlohmann::json& x : array) v.push_back(x.is_number() ? x.get<double>() : NAN);
  return v;
}

nlohmann::json ensemble_stat(const std::vector<double>& samples) {
  return {{"mean", json_number(mean_of(samples))}, {"stderr", json_number(stderr_of(samples))}, {"n", samples.size()}};
}

std::string plus_minus(double v, double se, int digits) {
  if (!std::isfinite(v)) return "n/a";
  if (!std::isfinite(se)) return fmt::format("{:.{}f}", v, digits);
  return fmt::format("{:.{}f} +- {:.{}f}", v, digits, se, digits);
}

void write_csv_rows(const std::filesystem::path& path, const std::vector<std::string>& columns,
                    const std::vector<std::vector<double>>& rows) {
  if (rows.empty()) return;
  CsvWriter csv(path, columns);
  for (const auto& r : rows) {
    std::vector<double> v = r;
    for (double& x : v)
      if (!std::isfinite(x)) x = -1;
    csv.row(v);
  }
  csv.close();
}

}  // namespace stickslip
