// The Python glue the units of fairpair.matching._blossom share (bindings.hpp): Python
// int <-> Buf conversions, argument parsing, exception translation, the class helper and
// the registry of the systems' compiled graphs.  Python's C API only (no pybind11).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"

namespace fairpair {

// ------------------------------------------------------------ errors

void raise(PyObject* type, const std::string& message) {
    PyErr_SetString(type, message.c_str());
    throw PyError{};
}

PyObject* translate_exception() {
    try {
        throw;
    } catch (const PyError&) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "error without an exception");
    } catch (const std::bad_alloc&) {
        PyErr_NoMemory();
    } catch (const std::out_of_range& e) {
        PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const std::invalid_argument& e) {
        PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::domain_error& e) {
        PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::length_error& e) {
        PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const std::overflow_error& e) {
        PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    } catch (...) {
        PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
    }
    return nullptr;
}

// ------------------------------------------------------------ Python ints

namespace {

// An integer-like object that is not an int (numpy.int64, ...) as an int.
PyObject* index_of(PyObject* o) {
    PyObject* i = PyNumber_Index(o);
    if (i == nullptr) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "matching weights must be int, not %.200s",
                     Py_TYPE(o)->tp_name);
        throw PyError{};
    }
    return i;
}

[[noreturn]] void overflow() {
    PyErr_Format(PyExc_OverflowError, "matching weight exceeds the supported %d bits",
                 kMaxWeightBits);
    throw PyError{};
}

}  // namespace

Buf to_buf(PyObject* o) {
    if (!PyLong_Check(o)) {
        Ref i(index_of(o));
        return to_buf(i.p);
    }
    Buf r;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(o, r.l, sizeof(r.l), Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    if (need < 0) throw PyError{};
    if (need > static_cast<Py_ssize_t>(sizeof(r.l))) overflow();
#else
    if (_PyLong_AsByteArray(reinterpret_cast<PyLongObject*>(o),
                            reinterpret_cast<unsigned char*>(r.l), sizeof(r.l), 1, 1) < 0) {
        PyErr_Clear();
        overflow();
    }
#endif
    return r;
}

int weight_bits(PyObject* o) {
#if PY_VERSION_HEX < 0x030D0000
    if (!PyLong_Check(o)) {
        Ref i(index_of(o));
        return weight_bits(i.p);
    }
    const size_t bits = _PyLong_NumBits(o);
    if (bits == static_cast<size_t>(-1) && PyErr_Occurred()) throw PyError{};
    return bits > static_cast<size_t>(kMaxWeightBits) ? kMaxWeightBits + 1 : static_cast<int>(bits);
#else
    return bit_length(to_buf(o));
#endif
}

bool is_positive(PyObject* o) {
#if PY_VERSION_HEX < 0x030D0000
    if (!PyLong_Check(o)) return to_buf(o).is_pos();
    return _PyLong_Sign(o) > 0;
#else
    return to_buf(o).is_pos();
#endif
}

void check_bits(int bits) {
    if (bits > kMaxWeightBits) {
        PyErr_Format(PyExc_OverflowError,
                     "matching weight of %d bits exceeds the supported %d bits", bits,
                     kMaxWeightBits);
        throw PyError{};
    }
}

PyObject* buf_to_int(const Buf& x) {
#if PY_VERSION_HEX >= 0x030D0000
    PyObject* o = PyLong_FromNativeBytes(x.l, sizeof(x.l), Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject* o = _PyLong_FromByteArray(reinterpret_cast<const unsigned char*>(x.l),
                                        sizeof(x.l), 1, 1);
#endif
    if (o == nullptr) throw PyError{};
    return o;
}

void check_vertex(long v, int n) {
    if (v < 0 || v >= n)
        value_error("vertex " + std::to_string(v) + " out of range 0.." + std::to_string(n - 1));
}

std::vector<Buf> bufs_of(PyObject* values, const char* what, int& bits) {
    Ref seq(PySequence_Fast(values, what));
    if (seq.p == nullptr) throw PyError{};
    const Py_ssize_t len = PySequence_Fast_GET_SIZE(seq.p);
    PyObject** items = PySequence_Fast_ITEMS(seq.p);
    std::vector<Buf> out(static_cast<size_t>(len));
    for (Py_ssize_t q = 0; q < len; ++q) {
        out[static_cast<size_t>(q)] = to_buf(items[q]);
        bits = std::max(bits, bit_length(out[static_cast<size_t>(q)]));
    }
    return out;
}

// ------------------------------------------------------------ other conversions

namespace {

[[noreturn]] void type_error(const char* what, const char* expected, PyObject* got) {
    PyErr_Format(PyExc_TypeError, "%s must be %s, not %.200s", what, expected,
                 Py_TYPE(got)->tp_name);
    throw PyError{};
}

// The items of a list or tuple (or any other sequence but str and bytes), owned by `seq`.
PyObject** items_of(PyObject* o, const char* what, const char* expected, Ref& seq,
                    Py_ssize_t& len) {
    if (PyUnicode_Check(o) || PyBytes_Check(o) || !PySequence_Check(o))
        type_error(what, expected, o);
    seq.p = PySequence_Fast(o, what);
    if (seq.p == nullptr) throw PyError{};
    len = PySequence_Fast_GET_SIZE(seq.p);
    return PySequence_Fast_ITEMS(seq.p);
}

long long to_long_long(PyObject* o, const char* what) {
    if (PyFloat_Check(o) || !(PyLong_Check(o) || PyIndex_Check(o)))
        type_error(what, "an int", o);
    const long long x = PyLong_AsLongLong(o);
    if (x == -1 && PyErr_Occurred()) throw PyError{};
    return x;
}

template <class T>
std::vector<T> ints_of(PyObject* o, const char* what, long long lo, long long hi) {
    Ref seq(nullptr);
    Py_ssize_t len = 0;
    PyObject** items = items_of(o, what, "a sequence of ints", seq, len);
    std::vector<T> out(static_cast<size_t>(len));
    for (Py_ssize_t q = 0; q < len; ++q) {
        const long long x = to_long_long(items[q], what);
        if (x < lo || x > hi) {
            PyErr_Format(PyExc_OverflowError, "%s: %lld out of range", what, x);
            throw PyError{};
        }
        out[static_cast<size_t>(q)] = static_cast<T>(x);
    }
    return out;
}

}  // namespace

long to_long(PyObject* o, const char* what) {
    const long long x = to_long_long(o, what);
    return static_cast<long>(x);
}

std::vector<int> to_ints(PyObject* o, const char* what) {
    return ints_of<int>(o, what, INT32_MIN, INT32_MAX);
}

std::vector<uint32_t> to_uint32s(PyObject* o, const char* what) {
    return ints_of<uint32_t>(o, what, 0, UINT32_MAX);
}

std::vector<long long> to_long_longs(PyObject* o, const char* what) {
    return ints_of<long long>(o, what, INT64_MIN, INT64_MAX);
}

bool to_bool(PyObject* o, const char* what) {
    if (o == Py_True) return true;
    if (o == Py_False) return false;
    if (PyLong_Check(o) || PyIndex_Check(o)) return to_long_long(o, what) != 0;
    type_error(what, "a bool", o);
}

std::vector<bool> to_bools(PyObject* o, const char* what) {
    Ref seq(nullptr);
    Py_ssize_t len = 0;
    PyObject** items = items_of(o, what, "a sequence of bools", seq, len);
    std::vector<bool> out(static_cast<size_t>(len));
    for (Py_ssize_t q = 0; q < len; ++q) out[static_cast<size_t>(q)] = to_bool(items[q], what);
    return out;
}

std::vector<std::pair<int, int>> to_int_pairs(PyObject* o, const char* what) {
    Ref seq(nullptr);
    Py_ssize_t len = 0;
    PyObject** items = items_of(o, what, "a sequence of pairs of ints", seq, len);
    std::vector<std::pair<int, int>> out(static_cast<size_t>(len));
    for (Py_ssize_t q = 0; q < len; ++q) {
        Ref pair(nullptr);
        Py_ssize_t two = 0;
        PyObject** ab = items_of(items[q], what, "a sequence of pairs of ints", pair, two);
        if (two != 2) {
            PyErr_Format(PyExc_TypeError, "%s must be a sequence of pairs of ints", what);
            throw PyError{};
        }
        const long long a = to_long_long(ab[0], what), b = to_long_long(ab[1], what);
        if (a < INT32_MIN || a > INT32_MAX || b < INT32_MIN || b > INT32_MAX) {
            PyErr_Format(PyExc_OverflowError, "%s: value out of range", what);
            throw PyError{};
        }
        out[static_cast<size_t>(q)] = {static_cast<int>(a), static_cast<int>(b)};
    }
    return out;
}

namespace {

template <class T>
PyObject* list_of(const std::vector<T>& xs) {
    PyObject* out = PyList_New(static_cast<Py_ssize_t>(xs.size()));
    if (out == nullptr) throw PyError{};
    for (size_t q = 0; q < xs.size(); ++q) {
        PyObject* x = PyLong_FromLongLong(static_cast<long long>(xs[q]));
        if (x == nullptr) {
            Py_DECREF(out);
            throw PyError{};
        }
        PyList_SET_ITEM(out, static_cast<Py_ssize_t>(q), x);
    }
    return out;
}

}  // namespace

PyObject* int_list(const std::vector<int>& xs) { return list_of(xs); }
PyObject* long_list(const std::vector<long>& xs) { return list_of(xs); }
PyObject* uint32_list(const std::vector<uint32_t>& xs) { return list_of(xs); }

PyObject* int_list_list(const std::vector<std::vector<int>>& xss) {
    PyObject* out = PyList_New(static_cast<Py_ssize_t>(xss.size()));
    if (out == nullptr) throw PyError{};
    for (size_t q = 0; q < xss.size(); ++q) {
        PyObject* x;
        try {
            x = int_list(xss[q]);
        } catch (...) {
            Py_DECREF(out);
            throw;
        }
        PyList_SET_ITEM(out, static_cast<Py_ssize_t>(q), x);
    }
    return out;
}

PyObject* from_long(long x) {
    PyObject* o = PyLong_FromLong(x);
    if (o == nullptr) throw PyError{};
    return o;
}

PyObject* from_bool(bool x) { return PyBool_FromLong(x ? 1 : 0); }

PyObject* from_string(const std::string& s) {
    PyObject* o = PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
    if (o == nullptr) throw PyError{};
    return o;
}

PyObject* none() { Py_RETURN_NONE; }

// ------------------------------------------------------------ arguments

Args::Args(const char* function, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
           std::initializer_list<const char*> names, int required) {
    bind(function, args, PyVectorcall_NARGS(nargs), kwnames,
         args + PyVectorcall_NARGS(nargs), nullptr, names, required);
}

Args::Args(const char* function, PyObject* args, PyObject* kwargs,
           std::initializer_list<const char*> names, int required) {
    bind(function, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args), nullptr, nullptr,
         kwargs, names, required);
}

void Args::bind(const char* function, PyObject* const* pos, Py_ssize_t npos, PyObject* kwnames,
                PyObject* const* kwvalues, PyObject* kwdict,
                std::initializer_list<const char*> names, int required) {
    const int count = static_cast<int>(names.size());
    if (count > kMax) throw std::logic_error("too many parameters");
    std::copy(names.begin(), names.end(), names_);
    if (npos > count) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", function,
                     count, npos);
        throw PyError{};
    }
    for (Py_ssize_t q = 0; q < npos; ++q) slot_[q] = pos[q];
    auto keyword = [&](PyObject* key, PyObject* value) {
        const char* k = PyUnicode_AsUTF8(key);
        if (k == nullptr) throw PyError{};
        for (int q = 0; q < count; ++q) {
            if (std::strcmp(k, names_[q]) != 0) continue;
            if (slot_[q] != nullptr) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                             function, k);
                throw PyError{};
            }
            slot_[q] = value;
            return;
        }
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'",
                     function, k);
        throw PyError{};
    };
    if (kwnames != nullptr) {
        const Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t q = 0; q < nk; ++q) keyword(PyTuple_GET_ITEM(kwnames, q), kwvalues[q]);
    }
    if (kwdict != nullptr) {
        PyObject *key, *value;
        Py_ssize_t at = 0;
        while (PyDict_Next(kwdict, &at, &key, &value)) keyword(key, value);
    }
    for (int q = 0; q < required; ++q) {
        if (slot_[q] == nullptr) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", function,
                         names_[q]);
            throw PyError{};
        }
    }
}

// ------------------------------------------------------------ classes

namespace {

PyObject* new_box(PyTypeObject* type, PyObject*, PyObject*) {
    PyObject* self = type->tp_alloc(type, 0);
    if (self != nullptr) reinterpret_cast<Box<char>*>(self)->obj = nullptr;
    return self;
}

}  // namespace

void add_class(PyObject* module, const char* name, const char* doc, int basicsize,
               PyType_Slot* slots) {
    std::vector<PyType_Slot> all;
    for (PyType_Slot* s = slots; s->slot != 0; ++s) all.push_back(*s);
    all.push_back({Py_tp_new, reinterpret_cast<void*>(&new_box)});
    all.push_back({Py_tp_doc, const_cast<char*>(doc)});
    all.push_back({0, nullptr});
    // The type keeps a pointer to its name: one lasting copy per class.
    const std::string full = std::string("fairpair.matching._blossom.") + name;
    char* kept = new char[full.size() + 1];
    std::memcpy(kept, full.c_str(), full.size() + 1);
    PyType_Spec spec{kept, basicsize, 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, all.data()};
    PyObject* type = PyType_FromSpec(&spec);
    if (type == nullptr) throw PyError{};
    if (PyModule_AddObject(module, name, type) < 0) {
        Py_DECREF(type);
        throw PyError{};
    }
}

void add_function(PyObject* module, PyMethodDef* def) {
    PyObject* name = PyModule_GetNameObject(module);
    if (name == nullptr) throw PyError{};
    PyObject* f = PyCFunction_NewEx(def, nullptr, name);
    Py_DECREF(name);
    if (f == nullptr) throw PyError{};
    if (PyModule_AddObject(module, def->ml_name, f) < 0) {
        Py_DECREF(f);
        throw PyError{};
    }
}

// ------------------------------------------------------------ the registry

namespace {

std::vector<std::pair<std::string, Binder>>& registry() {
    static std::vector<std::pair<std::string, Binder>> bindings;
    return bindings;
}

}  // namespace

Binding::Binding(const char* name, Binder bind) { registry().emplace_back(name, bind); }

std::vector<std::pair<std::string, Binder>> registered_bindings() {
    std::vector<std::pair<std::string, Binder>> bindings = registry();
    std::sort(bindings.begin(), bindings.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return bindings;
}

}  // namespace fairpair
