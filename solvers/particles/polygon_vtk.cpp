// solvers/particles/polygon_vtk.cpp — see polygon_vtk.hpp.
#include "solvers/particles/polygon_vtk.hpp"

#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/output_file.hpp"

namespace stickslip {

namespace {

void refuse_non_finite(const std::string& file, double t, const PolygonFrame& f) {
  const long i = first_non_finite_body(f);
  if (std::isfinite(t) && i < 0) return;
  if (!std::isfinite(t)) throw SolverError(fmt::format("{}: refused to write a frame at a non-finite time t = {}", file, t));
  const auto b = static_cast<std::size_t>(i);
  const Vec2 v = f.velocity(b);
  throw SolverError(fmt::format("{}: refused to write the frame at t = {:.17g} s: body {} is not finite (x = ({}, {}), "
                                "theta = {}, v = ({}, {}), omega = {})",
                                file, t, i, f.x[b].x(), f.x[b].y(), f.theta[b], v.x(), v.y(), f.spin(b)));
}

std::size_t total_corners(const PolygonFrame& f) {
  std::size_t p = 0;
  for (std::size_t i = 0; i < f.size(); ++i) p += static_cast<std::size_t>(f.shape(i).size());
  return p;
}

// Calls point(corner) for every world corner, body by body.
template <class F>
void for_each_corner(const PolygonFrame& f, F&& point) {
  std::vector<Vec2> c(kMaxPolygonCorners);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const int n = f.world_corners(i, c);
    for (int k = 0; k < n; ++k) point(c[static_cast<std::size_t>(k)]);
  }
}

// One value per body, separated by blanks, in lines of at most 8.
template <class F>
void per_body(std::ostream& out, const PolygonFrame& f, F&& value) {
  for (std::size_t i = 0; i < f.size(); ++i) out << value(i) << ((i % 8 == 7 || i + 1 == f.size()) ? "\n" : " ");
}

std::string g17(double v) { return fmt::format("{:.17g}", v); }

}  // namespace

void write_polygon_vtp(std::ostream& out, double t, const PolygonFrame& f) {
  refuse_non_finite("VTK XML PolyData frame", t, f);
  const std::size_t n = f.size(), p = total_corners(f);
  out << "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"PolyData\" version=\"0.1\" byte_order=\"LittleEndian\">\n<PolyData>\n"
         "<FieldData>\n<DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">"
      << g17(t) << "</DataArray>\n</FieldData>\n"
      << fmt::format("<Piece NumberOfPoints=\"{}\" NumberOfVerts=\"0\" NumberOfLines=\"0\" NumberOfStrips=\"0\" "
                     "NumberOfPolys=\"{}\">\n",
                     p, n)
      << "<CellData Scalars=\"speed\" Vectors=\"velocity\">\n"
         "<DataArray type=\"Int32\" Name=\"body_id\" format=\"ascii\">\n";
  per_body(out, f, [](std::size_t i) { return std::to_string(i); });
  out << "</DataArray>\n<DataArray type=\"Float64\" Name=\"speed\" format=\"ascii\">\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.velocity(i).norm()); });
  out << "</DataArray>\n<DataArray type=\"Float64\" Name=\"omega\" format=\"ascii\">\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.spin(i)); });
  out << "</DataArray>\n<DataArray type=\"Int32\" Name=\"corners\" format=\"ascii\">\n";
  per_body(out, f, [&](std::size_t i) { return std::to_string(f.shape(i).size()); });
  out << "</DataArray>\n<DataArray type=\"Float64\" Name=\"velocity\" NumberOfComponents=\"3\" format=\"ascii\">\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.velocity(i).x()) + " " + g17(f.velocity(i).y()) + " 0"; });
  out << "</DataArray>\n</CellData>\n<Points>\n"
         "<DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">\n";
  for_each_corner(f, [&](const Vec2& c) { out << g17(c.x()) << ' ' << g17(c.y()) << " 0\n"; });
  out << "</DataArray>\n</Points>\n<Polys>\n<DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n";
  std::size_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 0; k < f.shape(i).size(); ++k) out << (k ? " " : "") << next++;
    out << '\n';
  }
  out << "</DataArray>\n<DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n";
  std::size_t end = 0;
  per_body(out, f, [&](std::size_t i) { return std::to_string(end += static_cast<std::size_t>(f.shape(i).size())); });
  out << "</DataArray>\n</Polys>\n</Piece>\n</PolyData>\n</VTKFile>\n";
}

void write_polygon_legacy_vtk(std::ostream& out, double t, const PolygonFrame& f) {
  refuse_non_finite("legacy VTK frame", t, f);
  const std::size_t n = f.size(), p = total_corners(f);
  out << "# vtk DataFile Version 3.0\nstickslip polygons, t = " << g17(t) << " s\nASCII\nDATASET POLYDATA\n"
      << "FIELD FieldData 1\nTimeValue 1 1 double\n" << g17(t) << "\n"
      << "POINTS " << p << " double\n";
  for_each_corner(f, [&](const Vec2& c) { out << g17(c.x()) << ' ' << g17(c.y()) << " 0\n"; });
  out << "POLYGONS " << n << ' ' << n + p << '\n';
  std::size_t next = 0;
  for (std::size_t i = 0; i < n; ++i) {
    out << f.shape(i).size();
    for (int k = 0; k < f.shape(i).size(); ++k) out << ' ' << next++;
    out << '\n';
  }
  // One SCALARS (speed, the active scalars: what a viewer colours by) and the VECTORS; the other arrays as a FIELD,
  // which every legacy reader reads (a second SCALARS is read only with vtkDataReader::ReadAllScalars on).
  out << "CELL_DATA " << n << "\nSCALARS speed double 1\nLOOKUP_TABLE default\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.velocity(i).norm()); });
  out << "VECTORS velocity double\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.velocity(i).x()) + " " + g17(f.velocity(i).y()) + " 0"; });
  out << "FIELD CellArrays 3\nbody_id 1 " << n << " int\n";
  per_body(out, f, [](std::size_t i) { return std::to_string(i); });
  out << "omega 1 " << n << " double\n";
  per_body(out, f, [&](std::size_t i) { return g17(f.spin(i)); });
  out << "corners 1 " << n << " int\n";
  per_body(out, f, [&](std::size_t i) { return std::to_string(f.shape(i).size()); });
}

PolygonVtkSeries::PolygonVtkSeries(std::filesystem::path dir, std::string stem, PolygonVtkFormat format)
    : dir_(std::move(dir)), stem_(std::move(stem)), format_(format) {}

std::filesystem::path PolygonVtkSeries::collection() const {
  return dir_ / (stem_ + (format_ == PolygonVtkFormat::xml ? ".pvd" : ".vtk.series"));
}

void PolygonVtkSeries::write(double t, const PolygonFrame& f) {
  const bool xml = format_ == PolygonVtkFormat::xml;
  const std::string name = fmt::format("{}_{:06d}.{}", stem_, times_.size(), xml ? "vtp" : "vtk");
  {
    OutputFile file(dir_ / name);
    try {
      if (xml) write_polygon_vtp(file, t, f);
      else write_polygon_legacy_vtk(file, t, f);
    } catch (const SolverError& e) {
      throw SolverError((dir_ / name).string() + ": " + e.what());
    }
    file.commit();
  }
  times_.push_back(t);
  files_.push_back(name);
  std::string text;
  if (xml) {
    text = "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
           "<Collection>\n";
    for (std::size_t k = 0; k < times_.size(); ++k)
      text += fmt::format("<DataSet timestep=\"{:.17g}\" group=\"\" part=\"0\" file=\"{}\"/>\n", times_[k], files_[k]);
    text += "</Collection>\n</VTKFile>\n";
  } else {
    text = "{\n  \"file-series-version\": \"1.0\",\n  \"files\": [\n";
    for (std::size_t k = 0; k < times_.size(); ++k)
      text += fmt::format("    {{\"name\": \"{}\", \"time\": {:.17g}}}{}\n", files_[k], times_[k],
                          k + 1 < times_.size() ? "," : "");
    text += "  ]\n}\n";
  }
  write_file_atomically(collection(), text);
}

}  // namespace stickslip
