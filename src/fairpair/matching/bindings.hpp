// What the units of the extension fairpair.matching._blossom that talk to Python share:
// Python int <-> Buf conversions (defined in _blossom.cpp) and the registry through
// which a system's unit adds its compiled graph to the module.
//
// A system's compiled graph lives with the system (a .cpp unit in the system's folder)
// and registers itself, in an anonymous namespace of that unit:
//     const fairpair::Binding kBinding("TheGraph", &bind);
// _blossom.cpp knows no system: its module init runs every registered binding, in the
// order of their names.  One module, one shared library: the matcher core (the engine
// units) is compiled and linked once for all of them.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "engine.hpp"

namespace fairpair {

namespace py = pybind11;

// Python int (or an object with __index__) -> 16-limb two's complement; OverflowError
// past kMaxWeightBits bits, TypeError for a non-integer.
Buf to_buf(PyObject* o);
// Bits of |o| for an int o (cheap: no conversion); TypeError for a non-int.
int weight_bits(PyObject* o);
// Whether the int o is > 0.
bool is_positive(PyObject* o);
// OverflowError when weights of `bits` bits exceed kMaxWeightBits.
void check_bits(int bits);
py::int_ buf_to_int(const Buf& x);
// ValueError unless 0 <= v < n.
void check_vertex(long v, int n);
// Python ints -> Bufs; `bits` receives the widest one's bit length (or keeps a larger
// value it had).  `what` is the TypeError's text for a non-sequence.
std::vector<Buf> bufs_of(py::handle values, const char* what, int& bits);

// A compiled graph's binding: `bind` adds its names to the module.  Construct one as a
// static object in the graph's unit.
using Binder = void (*)(py::module_&);
struct Binding {
    Binding(const char* name, Binder bind);
};

}  // namespace fairpair
