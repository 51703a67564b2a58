# Runs `layoutref` with ARGS and checks its exit code and output.
cmake_policy(SET CMP0054 NEW)
cmake_policy(SET CMP0057 NEW)
#   cmake -DLAYOUTREF=... -DARGS="a;b" -DEXPECT_RC=N -DEXPECT_LINES="regex;regex" [-DREJECT="regex"] -P cli_test.cmake
# Each regex in EXPECT_LINES must match some line of the output (stdout and stderr together);
# LAST_LINE, when given, must equal the last line of stdout exactly.
execute_process(COMMAND ${LAYOUTREF} ${ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
# EXPECT_RC may list several codes ("0|3": either is right).
string(REPLACE "|" ";" expect_rcs "${EXPECT_RC}")
if(NOT rc IN_LIST expect_rcs)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}\nstdout:\n${out}\nstderr:\n${err}")
endif()
set(all "${out}${err}")
foreach(re IN LISTS EXPECT_LINES)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "no line matches `${re}`\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endforeach()
if(DEFINED REJECT AND all MATCHES "${REJECT}")
  message(FATAL_ERROR "output matches the rejected `${REJECT}`\n${all}")
endif()
if(DEFINED LAST_LINE)
  string(STRIP "${out}" stripped)
  string(REGEX REPLACE ".*\n" "" last "${stripped}")
  if(NOT last STREQUAL LAST_LINE)
    message(FATAL_ERROR "last line `${last}`, expected `${LAST_LINE}`")
  endif()
endif()
