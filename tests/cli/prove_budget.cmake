# `layoutref prove --timeout 4000` on a query that needs two solver calls, each unknown within
# any budget (nonlinear, 4096^2 values): the whole run takes about 4 s, not 8 s, and reports the
# time it took. The stride b+c (c = 0) keeps the mixed-radix lemma out (its order is found by
# the terms' normal forms; (a,b):(b,1) itself is proved by it at once).
#   cmake -DLAYOUTREF=... -P prove_budget.cmake
string(TIMESTAMP t0 "%s")
execute_process(COMMAND ${LAYOUTREF} prove --timeout 4000 "surjective((a,b):(b+c,1), a*b)" --where "a in 1..4096, b in 1..4096, c in 0..0"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TIMESTAMP t1 "%s")
math(EXPR wall "${t1} - ${t0}")
message("rc ${rc}, ${wall} s wall: ${out}${err}")
if(NOT rc EQUAL 3)
  message(FATAL_ERROR "exit code ${rc}, expected 3 (unknown)")
endif()
if(wall GREATER 6)
  message(FATAL_ERROR "took ${wall} s with --timeout 4000: the budget is not the whole query's")
endif()
if(NOT out MATCHES "^unknown \\(([0-9]+)\\.[0-9]+ s\\)")
  message(FATAL_ERROR "no `unknown (SECONDS s)` line")
endif()
set(reported ${CMAKE_MATCH_1})
math(EXPR diff "${wall} - ${reported}")
if(diff GREATER 1 OR diff LESS -1)
  message(FATAL_ERROR "reported ${reported} s, but the run took ${wall} s")
endif()
