// A consumer's own function over impl values, declared once and defined in narrow.cpp
// (tests/CMakeLists.txt builds narrow.cpp at the default leaf capacity and at 8 leaves).
#pragma once

#include <layoutref/impl/layout.hpp>

/// size(l), computed in narrow.cpp.
layoutref::impl::Result<layoutref::impl::Int> consumer_size(layoutref::impl::Layout const& l);
