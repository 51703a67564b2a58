# `layoutref gen`: the same file for a seed, another for another seed, and the round trip of
# docs/auditing.md: every `?` filled in with `layoutref eval OP(ARGS)` (impl's result, or `error`
# where eval refuses the input), then `layoutref audit` judges every case correct; the file
# with its `?` left is malformed throughout.
#   cmake -DLAYOUTREF=... -DWORK=DIR -P gen_test.cmake
cmake_policy(SET CMP0054 NEW)
file(MAKE_DIRECTORY ${WORK})

function(run_gen out_var)
  execute_process(COMMAND ${LAYOUTREF} gen ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "layoutref gen ${ARGN}: exit ${rc}\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

# Deterministic for a seed.
run_gen(a --op composition --count 8 --seed 11)
run_gen(b --op composition --count 8 --seed 11)
run_gen(c --op composition --count 8 --seed 12)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "two runs with seed 11 differ:\n${a}\n---\n${b}")
endif()
if(a STREQUAL c)
  message(FATAL_ERROR "seeds 11 and 12 gave the same file:\n${a}")
endif()

# The first six: the admissibility classes; the rest: the tensor, mode and construction inputs
# (generators/modes.hpp, tensors.hpp), local_partition's and upcast's with refusals among them.
foreach(spec "composition;--admissible" "complement;--inadmissible" "logical_divide;--admissible"
             "tile_to_shape;--admissible" "left_inverse;--inadmissible" "raked_product;--admissible"
             "slice;--admissible" "local_partition;--admissible" "local_tile;--admissible" "mma_partition_C;--admissible"
             "flatten;--admissible" "group;--admissible" "append;--admissible" "make_ordered_layout;--admissible"
             "crd2idx;--admissible" "upcast;--admissible")
  list(GET spec 0 op)
  list(GET spec 1 flag)
  run_gen(text --op ${op} --count 6 --seed 3 ${flag})
  set(open_file ${WORK}/${op}${flag}_open.tsv)
  file(WRITE ${open_file} "${text}")
  # Left open: malformed, naming what to write.
  execute_process(COMMAND ${LAYOUTREF} audit ${open_file} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 1 OR NOT out MATCHES "left open" OR NOT out MATCHES "6 cases, 0 correct, 0 wrong, 0 unsupported, 6 malformed")
    message(FATAL_ERROR "audit of the open file: exit ${rc}\n${out}${err}")
  endif()
  # Filled in by impl (through `eval`).
  string(REPLACE "\n" ";" lines "${text}")
  set(filled "")
  set(cases 0)
  foreach(line IN LISTS lines)
    if(line STREQUAL "" OR line MATCHES "^#")
      string(APPEND filled "${line}\n")
      continue()
    endif()
    string(REPLACE "\t" ";" fields "${line}")
    list(LENGTH fields n)
    math(EXPR last_arg "${n} - 3")
    set(args "")
    foreach(k RANGE 1 ${last_arg})
      list(GET fields ${k} f)
      if(args STREQUAL "")
        set(args "${f}")
      else()
        set(args "${args}, ${f}")
      endif()
    endforeach()
    execute_process(COMMAND ${LAYOUTREF} eval "${op}(${args})" RESULT_VARIABLE rc OUTPUT_VARIABLE result ERROR_VARIABLE err
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(rc EQUAL 1)
      set(result "error")
    elseif(NOT rc EQUAL 0)
      message(FATAL_ERROR "eval ${op}(${args}): exit ${rc}\n${err}")
    endif()
    string(REGEX REPLACE "\t\\?$" "\t${result}" line "${line}")
    string(APPEND filled "${line}\n")
    math(EXPR cases "${cases} + 1")
  endforeach()
  set(filled_file ${WORK}/${op}${flag}_filled.tsv)
  file(WRITE ${filled_file} "${filled}")
  execute_process(COMMAND ${LAYOUTREF} audit ${filled_file} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "audit: ${cases} cases, ${cases} correct")
    message(FATAL_ERROR "audit of the filled file (${op} ${flag}): exit ${rc}\n${out}${err}\n${filled}")
  endif()
endforeach()

# The labels are the spec's: every --admissible input has a result (a claim of `error` is judged
# wrong on each) and every --inadmissible one none (`error` is judged correct on each). The
# operations and seeds are those whose generated labels were wrong before gen checked them.
foreach(spec "nullspace;--admissible;7" "composition;--inadmissible;1" "left_inverse;--inadmissible;1"
             "blocked_product;--inadmissible;1" "raked_product;--inadmissible;1" "tile_to_shape;--inadmissible;1"
             "complement;--inadmissible;2" "logical_divide;--admissible;2")
  list(GET spec 0 op)
  list(GET spec 1 flag)
  list(GET spec 2 seed)
  run_gen(text --op ${op} --count 100 --seed ${seed} ${flag})
  string(REGEX REPLACE "\t\\?\n" "\terror\n" claims "${text}")
  set(claims_file ${WORK}/${op}${flag}_error_claims.tsv)
  file(WRITE ${claims_file} "${claims}")
  execute_process(COMMAND ${LAYOUTREF} audit ${claims_file} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(flag STREQUAL "--admissible")
    set(want "audit: 100 cases, 0 correct, 100 wrong")
  else()
    set(want "audit: 100 cases, 100 correct, 0 wrong")
  endif()
  if(NOT out MATCHES "${want}")
    string(REGEX MATCH "audit: [^\n]*" summary "${out}")
    message(FATAL_ERROR "gen --op ${op} ${flag} --seed ${seed}: a claim of `error` on each input: ${summary}, expected `${want}`")
  endif()
endforeach()
