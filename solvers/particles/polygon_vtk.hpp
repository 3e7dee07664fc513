// solvers/particles/polygon_vtk.hpp — frames of many convex polygons (models/polygon/polygon_frame.hpp) as files that
// ParaView and OVITO draw as filled polygons, with a collection that gives each frame its time.
//
// Two formats (the same content):
//   xml     (default) VTK XML PolyData, ASCII: <dir>/<stem>_<k>.vtp per frame, k = 000000, 000001, ..., and the
//           ParaView collection <dir>/<stem>.pvd (<DataSet timestep="t" file="..."/> per frame). ParaView opens the
//           .pvd as a time series; OVITO (3.5 and later) imports .pvd / .vtp as a mesh. A .pvd can only name XML files
//           (its reader, vtkXMLCollectionReader, makes an XML reader per entry), which is why the default is not
//           the legacy format.
//   legacy  legacy VTK ("# vtk DataFile Version 3.0", ASCII, DATASET POLYDATA): <dir>/<stem>_<k>.vtk per frame and
//           ParaView's file-series index <dir>/<stem>.vtk.series (JSON: {"file-series-version": "1.0", "files":
//           [{"name": ..., "time": t}, ...]}), which ParaView (5.5 and later) reads for any of its readers.
// Content of a frame (N bodies, P = sum of their corner counts):
//   points   the world corners x_i + R(theta_i) q_k, counter-clockwise per body, z = 0 (P points, m)
//   cells    one polygon per body (N POLYGONS / Polys), corners in order
//   cell data  body_id (int, the index i), speed |v_i| (m/s), omega (rad/s), corners (int), velocity (3 components,
//              z = 0, m/s); speed, omega and velocity are 0 for a frame without velocities
//              (legacy: speed the SCALARS, velocity the VECTORS, body_id, omega, corners a FIELD of cell arrays, since
//              legacy readers read only the first SCALARS unless told otherwise)
//   field data TimeValue (the frame's time t, s), which ParaView shows as the time of a lone file
// Numbers at 17 significant digits. A frame with a non-finite time, pose or velocity is refused (SolverError naming
// the file, t and the body): no NaN is written. Each frame file is written through OutputFile (complete under its
// name or not at all); the collection is rewritten (atomically) after every frame, so a run stopped early leaves a
// collection of the frames it finished.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "models/polygon/polygon_frame.hpp"

namespace stickslip {

enum class PolygonVtkFormat { xml, legacy };

// One frame as text.
void write_polygon_vtp(std::ostream& out, double t, const PolygonFrame& f);
void write_polygon_legacy_vtk(std::ostream& out, double t, const PolygonFrame& f);

class PolygonVtkSeries {
 public:
  PolygonVtkSeries(std::filesystem::path dir, std::string stem, PolygonVtkFormat format = PolygonVtkFormat::xml);
  // Writes the next frame file and rewrites the collection.
  void write(double t, const PolygonFrame& f);
  std::size_t frames() const { return times_.size(); }
  std::filesystem::path collection() const;  // <dir>/<stem>.pvd or <dir>/<stem>.vtk.series

 private:
  std::filesystem::path dir_;
  std::string stem_;
  PolygonVtkFormat format_;
  std::vector<double> times_;
  std::vector<std::string> files_;
};

}  // namespace stickslip
