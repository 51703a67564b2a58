// A consumer of the installed layoutref package: a property written with layoutref::rapidcheck's
// generators, checking impl against the spec's function on every index.
#include <layoutref/impl/layout.hpp>
#include <layoutref/impl/term.hpp>
#include <layoutref/rapidcheck/rapidcheck.hpp>
#include <layoutref/spec/table.hpp>

int main() {
  namespace lr = layoutref::rapidcheck;
  namespace sp = layoutref::spec;
  namespace im = layoutref::impl;
  bool ok = rc::check("impl evaluates a generated layout as the spec does", [] {
    sp::Layout l = *lr::layout();
    auto il = im::to_layout(sp::to_term(l));
    RC_ASSERT(il.ok());
    sp::FlatLayout f(l);
    for (sp::i64 i = 0; i < f.size(); ++i) {
      auto v = im::evaluate(il.value, i);
      RC_ASSERT(v.ok());
      RC_ASSERT(v.value.scalar == f(i).integer());
    }
  });
  return ok ? 0 : 1;
}
