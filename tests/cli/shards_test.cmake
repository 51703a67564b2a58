# A run split into shards and merged equals the run done whole (docs/deep-runs.md):
#   cmake -DLAYOUTREF=... -DWORK=DIR -DSHARDS=4 "-DRUN=<program and arguments>" [-DMERGE=<layoutref>] -P shards_test.cmake
# RUN is the run's command line without --shard and --report (a list). The test runs it whole
# with `--report whole.json`, then as shards 0/N .. (N-1)/N with `--report shard-K.json`, merges
# the shards with `layoutref merge --report merged.json`, and requires:
#   - merged.json is whole.json, byte for byte (counts, records, failures with reproducers);
#   - merge exits as the whole run does (0 no failure, 1 failures), and the shards' exit codes
#     agree with their own failures;
#   - every shard holds its part: the shards' units tile [0, T);
#   - merge refuses a shard missing, a shard given twice, and shards of another run (exit 2).
cmake_policy(SET CMP0054 NEW)
cmake_policy(SET CMP0057 NEW)
if(NOT DEFINED MERGE)
  set(MERGE ${LAYOUTREF})
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run_checked out_rc)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 AND NOT rc EQUAL 1)
    message(FATAL_ERROR "${ARGN}: exit ${rc}\n${out}\n${err}")
  endif()
  set(${out_rc} ${rc} PARENT_SCOPE)
endfunction()

run_checked(whole_rc ${RUN} --report ${WORK}/whole.json)
set(shard_files "")
math(EXPR last "${SHARDS} - 1")
set(expect_begin 0)
foreach(k RANGE 0 ${last})
  run_checked(rc ${RUN} --shard ${k}/${SHARDS} --report ${WORK}/shard-${k}.json)
  list(APPEND shard_files ${WORK}/shard-${k}.json)
  file(READ ${WORK}/shard-${k}.json text)
  # The header line: the document up to "counts", a comma after it.
  string(REGEX MATCH "^[^\n]*" head "${text}")
  string(REGEX REPLACE ",$" "}" head "${head}")
  string(JSON total GET "${head}" units total)
  string(JSON begin GET "${head}" units begin)
  string(JSON end GET "${head}" units end)
  # Shard K of N holds [floor(K*T/N), floor((K+1)*T/N)).
  math(EXPR want_end "(${k} + 1) * ${total} / ${SHARDS}")
  if(NOT begin EQUAL expect_begin OR NOT end EQUAL want_end)
    message(FATAL_ERROR "shard ${k}/${SHARDS} holds units [${begin}, ${end}), expected [${expect_begin}, ${want_end}) of ${total}")
  endif()
  set(expect_begin ${end})
  # A shard fails (exit 1) exactly when its report lists failures.
  if(text MATCHES "\"failures\":\\[\n\\]")
    set(want_rc 0)
  else()
    set(want_rc 1)
  endif()
  if(NOT rc EQUAL want_rc)
    message(FATAL_ERROR "shard ${k}/${SHARDS} exited ${rc}, but its report says ${want_rc}")
  endif()
endforeach()
if(NOT expect_begin EQUAL total)
  message(FATAL_ERROR "the shards end at unit ${expect_begin}, not ${total}")
endif()

run_checked(merge_rc ${MERGE} merge --report ${WORK}/merged.json ${shard_files})
if(NOT merge_rc EQUAL whole_rc)
  message(FATAL_ERROR "merge exited ${merge_rc}, the whole run ${whole_rc}")
endif()
file(READ ${WORK}/whole.json whole)
file(READ ${WORK}/merged.json merged)
if(NOT whole STREQUAL merged)
  message(FATAL_ERROR "the merged report differs from the whole run's (${WORK}/merged.json, ${WORK}/whole.json)")
endif()
string(LENGTH "${whole}" n)
message(STATUS "whole run and ${SHARDS} shards merged: the same report (${n} bytes, exit ${whole_rc})")

# Refusals: a shard missing, a shard twice, another run.
function(expect_refusal pattern)
  execute_process(COMMAND ${MERGE} merge ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "merge ${ARGN}: exit ${rc}, expected 2 and `${pattern}`\n${out}${err}")
  endif()
endfunction()
list(SUBLIST shard_files 1 -1 all_but_first)
expect_refusal("1 of the ${SHARDS} shards missing: 0/${SHARDS}" ${all_but_first})
expect_refusal("shard 1/${SHARDS} given twice" ${shard_files} ${WORK}/shard-1.json)
expect_refusal("shard 0/1 of [0-9]+ units, but .* is shard 0/${SHARDS}" ${shard_files} ${WORK}/whole.json)

# Forged shards (equiv::check_report): a shard whose failures were emptied, or whose first count
# was raised, no longer matches its records and does not merge; nor does a negative count.
set(forged_any OFF)
foreach(k RANGE 0 ${last})
  file(READ ${WORK}/shard-${k}.json text)
  set(others ${shard_files})
  list(REMOVE_AT others ${k})
  if(NOT text MATCHES "\"failures\":\\[\n\\]")
    string(REGEX REPLACE "\"failures\":\\[.*\\]}\n$" "\"failures\":[\n]}\n" emptied "${text}")
    file(WRITE ${WORK}/forged-${k}.json "${emptied}")
    expect_refusal("forged-${k}.json: shard ${k}/${SHARDS} contradicts its records: .* fails, but the report lists 0 failures"
                   ${others} ${WORK}/forged-${k}.json)
    set(forged_any ON)
  endif()
  string(REGEX MATCH "\"counts\":{\"([a-z_]+)\":([0-9]+)" first_count "${text}")
  set(name ${CMAKE_MATCH_1})
  math(EXPR raised "${CMAKE_MATCH_2} + 1")
  string(REGEX REPLACE "\"counts\":{\"([a-z_]+)\":([0-9]+)" "\"counts\":{\"\\1\":${raised}" bumped "${text}")
  file(WRITE ${WORK}/bumped-${k}.json "${bumped}")
  expect_refusal("bumped-${k}.json: shard ${k}/${SHARDS} contradicts its records: the count `${name}` is ${raised}, but its records give"
                 ${others} ${WORK}/bumped-${k}.json)
  string(REGEX REPLACE "\"counts\":{\"([a-z_]+)\":([0-9]+)" "\"counts\":{\"\\1\":-1" negative "${text}")
  file(WRITE ${WORK}/negative-${k}.json "${negative}")
  expect_refusal("negative-${k}.json: the count `${name}` is negative" ${others} ${WORK}/negative-${k}.json)
endforeach()
message(STATUS "forged shards refused (failures emptied: ${forged_any}; a count raised; a count negative)")
