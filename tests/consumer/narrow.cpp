// The definition of consumer_size. Compiled with -DLAYOUTREF_MAX_LEAVES=8 for
// layoutref-mixed-capacity (main.cpp keeps the default, 32), where impl's inline namespace
// (impl/config.hpp) makes this define consumer_size(layoutref::impl::leaves_8::...) and the
// link fail, rather than let main pass a 32-leaf Layout to code that reads an 8-leaf one.
#include "consumer.hpp"

layoutref::impl::Result<layoutref::impl::Int> consumer_size(layoutref::impl::Layout const& l) { return layoutref::impl::size(l); }
