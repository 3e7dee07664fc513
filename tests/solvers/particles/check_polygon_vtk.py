#!/usr/bin/python3
"""The polygon dumps of stickslip (solvers/particles/polygon_vtk.hpp) read back by VTK's own readers, the ones ParaView
uses: vtkXMLPolyDataReader for the .vtp frames named by the ParaView collection (.pvd, parsed as the XML it is), and
vtkPolyDataReader for the legacy .vtk frames named by the ParaView file-series index (.vtk.series, JSON). Compared with
expected.json that the C++ test (solvers_particles_test_polygon_vtk) wrote from its frames: the times, every point
(17 digits: exact), the cells (corner order), each polygon's area computed by VTK (vtkCellSizeFilter) against the area
of the body's shape (models/polygon/convex_polygon.hpp: relative 1e-12, round-off of two different sums), the cell data
body_id, speed, omega, corners, velocity (|velocity| = speed) and the TimeValue field.

usage: check_polygon_vtk.py DIR   (exit 77, ctest's skip, when python3-vtk9 is missing)
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

try:
    from vtkmodules.vtkIOXML import vtkXMLPolyDataReader
    from vtkmodules.vtkIOLegacy import vtkPolyDataReader
    from vtkmodules.vtkFiltersVerdict import vtkCellSizeFilter
    from vtkmodules.vtkCommonCore import vtkIdList
except ImportError as e:
    print(f"skipped: VTK's Python readers are missing ({e}); apt-get install python3-vtk9")
    sys.exit(77)


def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def check_frame(poly, expected, label):
    errors = []
    exp_points = expected["points"]
    if poly.GetNumberOfPoints() != len(exp_points):
        return [f"{label}: {poly.GetNumberOfPoints()} points, expected {len(exp_points)}"]
    for k, p in enumerate(exp_points):
        q = poly.GetPoint(k)
        if any(q[d] != p[d] for d in range(3)):
            errors.append(f"{label}: point {k} is {q}, expected {p}")
            break
    cells = expected["cells"]
    if poly.GetNumberOfPolys() != len(cells) or poly.GetNumberOfCells() != len(cells):
        return errors + [f"{label}: {poly.GetNumberOfPolys()} polygons, expected {len(cells)}"]
    ids = vtkIdList()
    for i, cell in enumerate(cells):
        poly.GetCellPoints(i, ids)
        got = [ids.GetId(k) for k in range(ids.GetNumberOfIds())]
        if got != cell:
            errors.append(f"{label}: cell {i} has points {got}, expected {cell}")
            break
    sizes = vtkCellSizeFilter()
    sizes.SetInputData(poly)
    sizes.ComputeAreaOn()
    sizes.Update()
    area = sizes.GetOutput().GetCellData().GetArray("Area")
    cd = poly.GetCellData()
    arrays = {name: cd.GetArray(name) for name in ("body_id", "speed", "omega", "corners", "velocity")}
    for name, a in arrays.items():
        if a is None:
            errors.append(f"{label}: no cell array {name}")
    if errors:
        return errors
    for i in range(len(cells)):
        checks = [
            ("area", area.GetValue(i), expected["area"][i], 1e-12),
            ("speed", arrays["speed"].GetValue(i), expected["speed"][i], 0),
            ("omega", arrays["omega"].GetValue(i), expected["omega"][i], 0),
            ("body_id", arrays["body_id"].GetValue(i), i, 0),
            ("corners", arrays["corners"].GetValue(i), expected["corners"][i], 0),
            ("|velocity|", math.hypot(*arrays["velocity"].GetTuple3(i)), expected["speed"][i], 1e-15),
        ]
        for name, got, want, rel in checks:
            if not close(got, want, rel) if rel else got != want:
                errors.append(f"{label}: body {i}: {name} {got!r}, expected {want!r}")
    time = poly.GetFieldData().GetArray("TimeValue")
    if time is None or time.GetValue(0) != expected["time"]:
        errors.append(f"{label}: TimeValue {None if time is None else time.GetValue(0)}, expected {expected['time']}")
    return errors


def read(reader_class, path):
    reader = reader_class()
    reader.SetFileName(path)
    reader.Update()
    if reader.GetErrorCode() != 0:
        raise RuntimeError(f"{path}: the VTK reader failed (error code {reader.GetErrorCode()})")
    return reader.GetOutput()


def main():
    directory = sys.argv[1]
    with open(os.path.join(directory, "expected.json")) as f:
        expected = json.load(f)
    errors = []
    # ParaView's collection: <VTKFile type="Collection"><Collection><DataSet timestep= file=/>...
    xml = expected["xml"]
    root = ET.parse(os.path.join(directory, xml["collection"])).getroot()
    assert root.tag == "VTKFile" and root.get("type") == "Collection", "not a VTK collection file"
    datasets = root.find("Collection").findall("DataSet")
    if len(datasets) != len(xml["frames"]):
        errors.append(f"{xml['collection']}: {len(datasets)} data sets, expected {len(xml['frames'])}")
    for d, fr in zip(datasets, xml["frames"]):
        if float(d.get("timestep")) != fr["time"]:
            errors.append(f"{xml['collection']}: timestep {d.get('timestep')}, expected {fr['time']}")
        errors += check_frame(read(vtkXMLPolyDataReader, os.path.join(directory, d.get("file"))), fr, d.get("file"))
    legacy = expected["legacy"]
    with open(os.path.join(directory, legacy["collection"])) as f:
        series = json.load(f)
    if series.get("file-series-version") != "1.0" or len(series["files"]) != len(legacy["frames"]):
        errors.append(f"{legacy['collection']}: not a file series of {len(legacy['frames'])} files")
    for entry, fr in zip(series["files"], legacy["frames"]):
        if entry["time"] != fr["time"]:
            errors.append(f"{legacy['collection']}: time {entry['time']}, expected {fr['time']}")
        errors += check_frame(read(vtkPolyDataReader, os.path.join(directory, entry["name"])), fr, entry["name"])
    frames = len(xml["frames"]) + len(legacy["frames"])
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print(f"{frames} frames read back by VTK's readers: points, cells, areas, cell data and times as written")


if __name__ == "__main__":
    main()
