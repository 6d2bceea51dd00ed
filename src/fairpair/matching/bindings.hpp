// What the units of the extension fairpair.matching._blossom that talk to Python share,
// over Python's C API (no pybind11, whose headers cost some 4-6 s of compile time in
// every unit that includes them: issue 33): Python int <-> Buf conversions, argument
// parsing, exception translation, the class helper and the registry through which a
// system's unit adds its compiled graph to the module.  Defined in _bindings.cpp.
//
// A system's compiled graph lives with the system (a .cpp unit in the system's folder)
// and registers itself, in an anonymous namespace of that unit:
//     const fairpair::Binding kBinding("TheGraph", &bind);
// _blossom.cpp knows no system: its module init runs every registered binding, in the
// order of their names.  One module, one shared library: the matcher core (the engine
// units) is compiled and linked once for all of them.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine.hpp"

namespace fairpair {

// ------------------------------------------------------------ errors

// Thrown when a Python exception is set: carried through C++ to the method's boundary.
struct PyError {};

// Set a Python exception of `type` with `message` and throw PyError.
[[noreturn]] void raise(PyObject* type, const std::string& message);
// ValueError with `message`.
[[noreturn]] inline void value_error(const std::string& message) {
    raise(PyExc_ValueError, message);
}
// Throw PyError if a Python exception is set (after a C API call that may fail).
inline void check_python() {
    if (PyErr_Occurred()) throw PyError{};
}

// The C++ exception in flight as a Python exception (PyError: the one set;
// std::invalid_argument, std::domain_error, std::length_error: ValueError;
// std::out_of_range: IndexError; std::overflow_error: OverflowError; std::bad_alloc:
// MemoryError; any other: RuntimeError); returns nullptr.  Call in a catch block.
PyObject* translate_exception();

// f() with every C++ exception turned into a Python one (nullptr).
template <class F>
PyObject* guarded(F&& f) noexcept {
    try {
        return f();
    } catch (...) {
        return translate_exception();
    }
}

// An owned reference, released at the end of its scope.
struct Ref {
    PyObject* p;
    explicit Ref(PyObject* o) : p(o) {}
    Ref(const Ref&) = delete;
    Ref& operator=(const Ref&) = delete;
    ~Ref() { Py_XDECREF(p); }
};

// The GIL released for its scope (the solves).
struct NoGil {
    PyThreadState* state;
    NoGil() : state(PyEval_SaveThread()) {}
    NoGil(const NoGil&) = delete;
    NoGil& operator=(const NoGil&) = delete;
    ~NoGil() { PyEval_RestoreThread(state); }
};

// ------------------------------------------------------------ conversions

// Python int (or an object with __index__) -> 16-limb two's complement; OverflowError
// past kMaxWeightBits bits, TypeError for a non-integer.
Buf to_buf(PyObject* o);
// Bits of |o| for an int o (cheap: no conversion); TypeError for a non-int.
int weight_bits(PyObject* o);
// Whether the int o is > 0.
bool is_positive(PyObject* o);
// OverflowError when weights of `bits` bits exceed kMaxWeightBits.
void check_bits(int bits);
// A new reference to the int x.
PyObject* buf_to_int(const Buf& x);
// ValueError unless 0 <= v < n.
void check_vertex(long v, int n);
// Python ints -> Bufs; `bits` receives the widest one's bit length (or keeps a larger
// value it had).  `what` is the TypeError's text for a non-sequence.
std::vector<Buf> bufs_of(PyObject* values, const char* what, int& bits);

// A Python int (or __index__) as a long: TypeError for anything else, OverflowError
// past a long.  `what` names the argument in the TypeError.
long to_long(PyObject* o, const char* what);
// A list or tuple (any sequence) of ints: TypeError otherwise.
std::vector<int> to_ints(PyObject* o, const char* what);
std::vector<uint32_t> to_uint32s(PyObject* o, const char* what);
std::vector<long long> to_long_longs(PyObject* o, const char* what);
std::vector<bool> to_bools(PyObject* o, const char* what);
// A sequence of pairs of ints.
std::vector<std::pair<int, int>> to_int_pairs(PyObject* o, const char* what);
// Truth of a bool (or int): TypeError for anything else.
bool to_bool(PyObject* o, const char* what);

// New references: a list of ints, an int, a bool.
PyObject* int_list(const std::vector<int>& xs);
PyObject* long_list(const std::vector<long>& xs);
PyObject* uint32_list(const std::vector<uint32_t>& xs);
PyObject* int_list_list(const std::vector<std::vector<int>>& xss);
PyObject* from_long(long x);
PyObject* from_bool(bool x);
PyObject* from_string(const std::string& s);
// None, for the methods that return nothing.
PyObject* none();

// ------------------------------------------------------------ arguments

// The arguments of a call by position or by keyword, matched against the parameter
// `names` (at most 24): the first `required` must be given, the others may be.  Parse
// errors are TypeErrors naming `function` (as Python's own).
class Args {
  public:
    // A METH_FASTCALL | METH_KEYWORDS call.
    Args(const char* function, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
         std::initializer_list<const char*> names, int required);
    // A tp_init call (args tuple, kwargs dict or nullptr).
    Args(const char* function, PyObject* args, PyObject* kwargs,
         std::initializer_list<const char*> names, int required);
    // The argument `i` (borrowed), nullptr when an optional one is not given.
    PyObject* operator[](int i) const { return slot_[i]; }
    const char* name(int i) const { return names_[i]; }

  private:
    static constexpr int kMax = 24;
    PyObject* slot_[kMax] = {};
    const char* names_[kMax] = {};
    void bind(const char* function, PyObject* const* pos, Py_ssize_t npos, PyObject* kwnames,
              PyObject* const* kwvalues, PyObject* kwdict,
              std::initializer_list<const char*> names, int required);
};

// ------------------------------------------------------------ classes

// A Python object holding a C++ T (created by its class's __init__).
template <class T>
struct Box {
    PyObject_HEAD
    T* obj;
};

// The T of a Box<T> (ValueError if __init__ has not run).
template <class T>
T& unbox(PyObject* self) {
    T* p = reinterpret_cast<Box<T>*>(self)->obj;
    if (p == nullptr) value_error("the object is not initialised");
    return *p;
}

template <class T>
void dealloc_box(PyObject* self) {
    delete reinterpret_cast<Box<T>*>(self)->obj;
    PyTypeObject* type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);
}

// Replace the T of a Box<T> (tp_init).
template <class T>
void rebox(PyObject* self, T* made) {
    Box<T>* box = reinterpret_cast<Box<T>*>(self);
    delete box->obj;
    box->obj = made;
}

// The getter and setter of a read-write `long long` member M of the T in a Box<T>, for a
// PyGetSetDef whose closure is the attribute's name:
//   {"name", &get_long_long<T, &T::name>, &set_long_long<T, &T::name>, doc,
//    const_cast<char*>("name")}
template <class T, long long T::*M>
PyObject* get_long_long(PyObject* self, void*) {
    return guarded([&] {
        PyObject* o = PyLong_FromLongLong(unbox<T>(self).*M);
        if (o == nullptr) throw PyError{};
        return o;
    });
}

template <class T, long long T::*M>
int set_long_long(PyObject* self, PyObject* value, void* name) {
    PyObject* r = guarded([&] {
        if (value == nullptr)
            raise(PyExc_AttributeError,
                  std::string("cannot delete ") + static_cast<const char*>(name));
        const long long x = PyLong_AsLongLong(value);
        if (x == -1 && PyErr_Occurred()) throw PyError{};
        unbox<T>(self).*M = x;
        return none();
    });
    if (r == nullptr) return -1;
    Py_DECREF(r);
    return 0;
}

// A method's C function as PyMethodDef takes it (METH_FASTCALL ones have another type).
template <class F>
PyCFunction method(F* f) {
    return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

// A tp_init from `make`, which returns the new T (owned by the object from then on).
template <class T, class Make>
int init_box(PyObject* self, Make&& make) {
    PyObject* r = guarded([&]() -> PyObject* {
        rebox(self, make());
        return none();
    });
    if (r == nullptr) return -1;
    Py_DECREF(r);
    return 0;
}

// Add the class `name` (fairpair.matching._blossom.<name>) to `module`: objects of
// `basicsize` bytes, the given type slots (tp_init, tp_dealloc, methods, getsets, ...;
// ending with {0, nullptr}).  Throws PyError on failure.
void add_class(PyObject* module, const char* name, const char* doc, int basicsize,
               PyType_Slot* slots);

// Add the function `def` (a static PyMethodDef) to `module`.  Throws PyError on failure.
void add_function(PyObject* module, PyMethodDef* def);

// ------------------------------------------------------------ the registry

// A compiled graph's binding: `bind` adds its names to the module (throwing PyError on
// failure).  Construct one as a static object in the graph's unit.
using Binder = void (*)(PyObject* module);
struct Binding {
    Binding(const char* name, Binder bind);
};

// Every registered binding, in the order of their names (the module init runs them).
std::vector<std::pair<std::string, Binder>> registered_bindings();

}  // namespace fairpair
