# cli.draw_audit: `layoutref audit --draw DIR` on tests/cli/draw_audit.tsv (two correct cases, one
# planted wrong claim). It must exit 1 (one wrong verdict), write exactly one picture, for line 4,
# with the claimed result beside the spec's and the 12 differing elements framed in red in each
# (24 frames).
#   cmake -DLAYOUTREF=... -DVECTORS=.../draw_audit.tsv -DWORK=dir -P draw_audit.cmake
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${LAYOUTREF} audit --draw ${WORK} ${VECTORS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit code ${rc}, expected 1\n${out}${err}")
endif()
if(NOT out MATCHES "draw_audit.tsv:4 logical_divide drawn: [^\n]*draw_audit_4_logical_divide.svg")
  message(FATAL_ERROR "no line names the picture\n${out}${err}")
endif()
if(NOT out MATCHES "audit: 3 cases, 2 correct, 1 wrong, 0 unsupported, 0 malformed\n$")
  message(FATAL_ERROR "the summary is not the last line\n${out}")
endif()
file(GLOB pictures ${WORK}/*)
list(LENGTH pictures n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${n} files written, expected the one picture: ${pictures}")
endif()
file(READ ${WORK}/draw_audit_4_logical_divide.svg svg)
foreach(panel "data-p=\"claimed\"" "data-p=\"spec\"" "claimed: \\(\\(2,2\\),\\(3,2\\)\\):\\(\\(1,2\\),\\(4,13\\)\\)"
              "the spec: \\(\\(2,2\\),\\(3,2\\)\\):\\(\\(1,2\\),\\(4,12\\)\\)")
  if(NOT svg MATCHES "${panel}")
    message(FATAL_ERROR "the picture lacks `${panel}`")
  endif()
endforeach()
string(REGEX MATCHALL "<rect class=\"differs\"" frames "${svg}")
list(LENGTH frames k)
if(NOT k EQUAL 24)
  message(FATAL_ERROR "${k} cells framed as differing, expected 24 (12 elements in each panel)")
endif()
message(STATUS "audit --draw: one picture, 24 frames")
