# Conformance: the audit of the bundled CuTe vectors (tests/conformance/cute, computed by
# CUTLASS's CuTe). Every case must be judged correct except the CuTe divergences
# listed in expected_wrong.tsv, which must be judged wrong.
file(GLOB LAYOUTREF_CUTE_VECTORS ${CMAKE_CURRENT_LIST_DIR}/cute/*.tsv)
add_test(NAME conformance.audit
         COMMAND layoutref audit --expect ${CMAKE_CURRENT_LIST_DIR}/expected_wrong.tsv ${LAYOUTREF_CUTE_VECTORS})
set_tests_properties(conformance.audit PROPERTIES LABELS conformance)
# `layoutref verify` (the main job) runs once, as cli.verify_pass (labels cli and conformance),
# which checks its totals.

# impl against CuTe: every case literal (CuTe's text without the `_` markers) except those listed
# in expected_conform.tsv with their verdict; the spec must judge each non-literal impl result correct.
add_test(NAME conformance.conform
         COMMAND layoutref conform --expect ${CMAKE_CURRENT_LIST_DIR}/expected_conform.tsv ${LAYOUTREF_CUTE_VECTORS})
set_tests_properties(conformance.conform PROPERTIES LABELS "conformance;impl")
