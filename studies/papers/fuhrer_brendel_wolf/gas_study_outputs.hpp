// studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp — the output plumbing the two granular-gas studies share
// (granular-gas, studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp; dsds-cooling,
// studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp): a run row's JSON array read back as numbers, an
// ensemble's mean +- standard error as JSON and as text, and CSV tables whose non-finite cells read -1 (the statistics
// themselves: models/particles/cooling_statistics.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace stickslip {

// The numbers of a JSON array (a run row's series); an entry that is not a number (null: NaN or infinity stored) is
// NaN.
std::vector<double> numbers(const nlohmann::json& array);

// {"mean", "stderr", "n"} of the samples over seeds (mean_of, stderr_of; null where not finite).
nlohmann::json ensemble_stat(const std::vector<double>& samples);

// "v +- se" with `digits` decimals; "v" when se is not finite; "n/a" when v is not.
std::string plus_minus(double v, double se, int digits = 4);

// A CSV table (studies/experiment/output.hpp's CsvWriter) whose non-finite cells are written as -1 ("not reached",
// "no error bar": the column headers say so); no file when there are no rows.
void write_csv_rows(const std::filesystem::path& path, const std::vector<std::string>& columns,
                    const std::vector<std::vector<double>>& rows);

}  // namespace stickslip
