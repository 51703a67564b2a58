# `layoutref merge` reads reports it did not write: a document nested 100,000 deep is refused with
# a clear error (exit 2), not a crash or a stack overflow (equiv::parse_json caps the nesting).
# -DLAYOUTREF=<program> -DWORK=<scratch directory>
file(MAKE_DIRECTORY ${WORK})
string(REPEAT "[" 100000 deep)
file(WRITE ${WORK}/deep.json "${deep}")
string(REPEAT "{\"a\":" 100000 deep)
file(WRITE ${WORK}/deep-objects.json "${deep}")
foreach(name deep deep-objects)
  execute_process(COMMAND ${LAYOUTREF} merge ${WORK}/${name}.json RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${name}.json: not a report: JSON byte [0-9]+: nested deeper than 200")
    message(FATAL_ERROR "merge ${name}.json: exit ${rc}\n${out}${err}")
  endif()
endforeach()
