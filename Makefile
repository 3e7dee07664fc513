# stickslip — the two commands of the README:
#   make run     install what is missing (Debian 12, as root), build the `stickslip` program alone in Release (its
#                compiler output in build/make-run.log), run the flagship studies -> out/
#   make check   the same set-up, builds everything (tests, benchmarks), then the whole test suite through ctest
#   make check-sanitize   the library tests (core, models, solvers: label `library`) built with AddressSanitizer +
#                UndefinedBehaviorSanitizer in build-sanitize/
# Other targets: deps, build, build-stickslip, bench, clean. STUDIES selects what `make run` runs.

PACKAGES := build-essential cmake libsundials-dev libeigen3-dev libboost-dev libfmt-dev doctest-dev \
            nlohmann-json3-dev libcli11-dev libtomlplusplus-dev gnuplot-nox liblammps-dev lammps mpi-default-dev mpi-default-bin \
            python3 python3-pandas python3-numpy python3-dev pybind11-dev python3-pytest python3-matplotlib \
            python3-vtk9
BUILD    := build
SANITIZE_BUILD := build-sanitize
# STICKSLIP_NO_FLATTEN: no [[gnu::flatten]] (core/flatten.hpp); the sanitizer build checks memory and UB, not inlining.
SANITIZE_FLAGS := -O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                  -DSTICKSLIP_NO_FLATTEN
JOBS     ?= $(shell nproc)
STUDIES  ?= sliding-plates convergence

.PHONY: deps build build-stickslip run check build-sanitize check-sanitize bench clean

# Missing Debian packages, installed quietly: apt's output goes to $(BUILD)/deps.log (its tail on a failure).
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "run as root (or install: $$missing)"; exit 1; fi; \
	  mkdir -p $(BUILD); start=$$(date +%s); \
	  echo "installing $$(echo $$missing | wc -w) Debian packages (apt's output: $(BUILD)/deps.log)"; \
	  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } > $(BUILD)/deps.log 2>&1; then \
	    tail -n 20 $(BUILD)/deps.log; echo "apt-get failed: see $(BUILD)/deps.log"; exit 1; fi; \
	  echo "installed in $$(( $$(date +%s) - start )) s"; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

# The program alone, quietly: configure and compiler output go to $(BUILD)/make-run.log (its tail on a failure); on
# the terminal a line per 20 % of the build.
build-stickslip: deps
	@mkdir -p $(BUILD); start=$$(date +%s); echo "building $(BUILD)/stickslip (compiler output: $(BUILD)/make-run.log)"; \
	{ { cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release && cmake --build $(BUILD) -j $(JOBS) --target stickslip; }; \
	  echo $$? > $(BUILD)/make-run.rc; } 2>&1 | tee $(BUILD)/make-run.log | \
	  awk '/^\[ *[0-9]+%\]/ { p = substr($$0, 2, 3) + 0; if (p >= next_p) { print "  " p " %"; fflush(); next_p = p - p % 20 + 20 } }'; \
	if [ "$$(cat $(BUILD)/make-run.rc)" != 0 ]; then tail -n 30 $(BUILD)/make-run.log; echo "build failed: see $(BUILD)/make-run.log"; exit 1; fi; \
	echo "built $(BUILD)/stickslip in $$(( $$(date +%s) - start )) s"

run: build-stickslip
	@for s in $(STUDIES); do echo "== $$s"; ./$(BUILD)/stickslip run $$s --out out/$$s || exit $$?; done

check: build
	ctest --test-dir $(BUILD) -j $(JOBS) --output-on-failure

# The library tests (label `library`: core/, models/ and solvers/, CMakeLists.txt) only: the physics, the drivers and
# the solvers under the sanitizers, without compiling the studies' wiring, the command line and the bindings a second
# time (they run in `make check`). -g1: line tables for the reports' stack traces, no variable info (a quicker build).
# Tests labelled `slow-under-sanitizers` are left out. The LAMMPS styles, the benchmarks and the Python package are
# not built here (liblammps, Open MPI and Debian's python3 are not built with the sanitizers).
# The particle and polygon engines' tests (label `engine`) are left out unless SANITIZE_ENGINE=1 (CI's 45 minutes).
check-sanitize: build-sanitize
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --test-dir $(SANITIZE_BUILD) -j $(JOBS) --output-on-failure -L library \
	  -LE "slow-under-sanitizers|mpi$(if $(SANITIZE_ENGINE),,|engine)"

build-sanitize: deps
	cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(SANITIZE_FLAGS)" \
	  -DSTICKSLIP_PYTHON=OFF -DSTICKSLIP_LAMMPS=OFF -DSTICKSLIP_BENCHMARKS=OFF \
	  -DCMAKE_C_FLAGS_RELWITHDEBINFO="$(SANITIZE_FLAGS)" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
	cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target library_tests $(if $(SANITIZE_ENGINE),engine_tests)

# bench_particles compares against Debian's LAMMPS (`lmp`); installed here (as root) when missing, never by `make check`.
bench: build
	@command -v lmp >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lammps; \
	  else echo "lmp not found and not root: bench_particles runs without LAMMPS (apt-get install lammps)"; fi; }
	@for b in $(BUILD)/bench_*; do echo "== $$b"; $$b || exit $$?; done
	@if [ -d $(BUILD)/python/stickslip ]; then echo "== bench_python_law"; \
	  PYTHONPATH=$(BUILD)/python /usr/bin/python3 studies/benchmarks/bench_python_law.py || exit $$?; fi
	@if [ -x $(BUILD)/stickslip-lammps ]; then echo "== lammps-scaling"; studies/lammps/scaling.sh $(BUILD) out/lammps-scaling; \
	else echo "== lammps-scaling skipped: $(BUILD)/stickslip-lammps not built"; fi

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) out
