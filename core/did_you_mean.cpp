#include "core/did_you_mean.hpp"

#include <algorithm>
#include <cctype>

namespace stickslip {

namespace {
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
std::string lowered(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), lower);
  return s;
}
}  // namespace

std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);  // neighbours swapped
    }
  return d[n][m];
}

std::vector<std::string> nearest_names(const std::string& given, const std::vector<std::string>& known) {
  if (given.empty() || std::find(known.begin(), known.end(), given) != known.end()) return {};
  std::vector<std::string> best;
  std::size_t best_distance = static_cast<std::size_t>(-1);
  for (const std::string& k : known) {
    const std::size_t d = edit_distance(given, k), longer = std::max(given.size(), k.size());
    if (d > std::max<std::size_t>(1, longer / 3)) continue;
    if (d < best_distance) best.clear(), best_distance = d;
    if (d == best_distance && std::find(best.begin(), best.end(), k) == best.end()) best.push_back(k);
  }
  if (!best.empty()) return best;
  const std::string g = lowered(given);
  if (g.size() < 2) return {};
  for (const std::string& k : known) {  // one name inside the other
    const std::string n = lowered(k);
    if (n.find(g) != std::string::npos || (n.size() >= 2 && g.find(n) != std::string::npos)) best.push_back(k);
  }
  return best.size() <= 3 ? best : std::vector<std::string>{};
}

std::string did_you_mean(const std::string& given, const std::vector<std::string>& known) {
  const std::vector<std::string> near = nearest_names(given, known);
  if (near.empty()) return "";
  std::string s = "; did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) s += (i == 0 ? "" : (i + 1 == near.size() ? " or " : ", ")) + near[i];
  return s + "?";
}

}  // namespace stickslip
