# `layoutref draw` and `audit --draw` (issue 16, docs/draw.md), label `draw`: the command's answers
# and exit codes (also label `cli`), the pictures read back against the spec
# (layoutref-draw-tests, tests/draw/labels_test.cpp), well-formed self-contained SVG and HTML,
# TikZ through pdflatex, the SVGs rendered by headless Chromium against reference images, and the
# gallery current. Where Chromium or pdflatex is missing their test says so and is skipped (exit
# 77); ./run.sh installs both.

# The command.
layoutref_cli_test(draw_layout RC 0 ARGS draw "(4,8):(8,1)"
  LINES "<svg xmlns=\"http://www.w3.org/2000/svg\"" "viewBox=\"0 0 [0-9]+ [0-9]+\""
        "<text class=\"v\" data-r=\"3\" data-c=\"7\" [^>]*>31</text>")
layoutref_cli_test(draw_tikz RC 0 ARGS draw --format tikz "logical_divide((8,24):(24,1), (_4,_8))"
  LINES "\\\\documentclass\\{article\\}" "\\\\begin\\{tikzpicture\\}" "\\\\end\\{document\\}")
layoutref_cli_test(draw_html RC 0 ARGS draw --format html "Sw<3,3,3> o 0 o (8,8):(64,1)"
  LINES "<!DOCTYPE html>" "<table class=\"legend\">" "bank b, phase p: b = \\(offset \\* 2 bytes / 4\\) mod 32")
# The element width of the banks: Sw<3,3,3>(72) = 72 at 4 bytes: byte 288, bank 8, phase 2.
layoutref_cli_test(draw_element_bytes RC 0 ARGS draw --element-bytes 4 "Sw<3,3,3> o 0 o (8,8):(64,1)"
  LINES "data-r=\"1\" data-c=\"0\" [^>]*>72</text>" ">b8 p2</text>")
# tiled_mma: CuTe's C fragment of SM80_16x8x16, thread 0 at (8,0) with its third value.
layoutref_cli_test(draw_tiled_mma RC 0 ARGS draw "tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,0))"
  LINES "<g class=\"panel\" data-p=\"C\">" "data-r=\"8\" data-c=\"0\" [^>]*>T0<tspan [^>]*>V2</tspan></text>")
layoutref_cli_test(draw_nothing_to_draw RC 2 ARGS draw "size((4,8):(8,1))"
  LINES "nothing to draw: the result of size is an integer \\(32\\)")
layoutref_cli_test(draw_past_the_cell_limit RC 2 ARGS draw "(64,128):(1,64)"
  LINES "the picture would have 8192 cells \\(result\\), past the limit of 4096")
layoutref_cli_test(draw_past_64_bits RC 2 ARGS draw "(1000000000,1000000000,1000000000):(1,1,1)"
  LINES "more than 2\\^63 cells")
layoutref_cli_test(draw_inadmissible RC 1 ARGS draw "complement((4,2):(1,6), 80)" LINES "complement.stride_divisibility")
layoutref_cli_test(draw_syntax RC 2 ARGS draw "(4,8" LINES "column 5")
layoutref_cli_test(draw_unknown_atom RC 2 ARGS draw "tiled_mma(SM90_nope)" LINES "unknown MMA atom")
layoutref_cli_test(draw_bad_format RC 2 ARGS draw --format pdf "8:1" LINES "--format takes svg, tikz or html")
layoutref_cli_test(draw_bad_element_bytes RC 2 ARGS draw --element-bytes 0 "8:1" LINES "--element-bytes takes a width of 1 to 1024")
layoutref_cli_test(draw_unknown_option RC 2 ARGS draw --colour "8:1" LINES "unknown option `--colour`")
layoutref_cli_test(draw_no_expression RC 2 ARGS draw LINES "no expression given")
layoutref_cli_test(draw_cannot_write RC 2 ARGS draw -o ${CMAKE_CURRENT_BINARY_DIR}/no-such-dir/x.svg "8:1" LINES "cannot write")
foreach(t draw_layout draw_tikz draw_html draw_element_bytes draw_tiled_mma draw_nothing_to_draw draw_past_the_cell_limit
          draw_past_64_bits draw_inadmissible draw_syntax draw_unknown_atom draw_bad_format draw_bad_element_bytes
          draw_unknown_option draw_no_expression draw_cannot_write)
  set_tests_properties(cli.${t} PROPERTIES LABELS "cli;draw")
endforeach()

# audit --draw: a vector file with one planted wrong claim; its picture, and no other.
add_test(NAME cli.draw_audit
         COMMAND ${CMAKE_COMMAND} -DLAYOUTREF=$<TARGET_FILE:layoutref> -DVECTORS=${LAYOUTREF_CLI_DIR}/draw_audit.tsv
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/draw-audit -P ${CMAKE_CURRENT_SOURCE_DIR}/draw/draw_audit.cmake)
set_tests_properties(cli.draw_audit PROPERTIES LABELS "cli;draw")

# The scripts (Python's standard library only): draw_script(NAME SCRIPT ARGS...).
find_program(LAYOUTREF_PYTHON3 python3)
function(draw_script name script)
  if(LAYOUTREF_PYTHON3)
    add_test(NAME ${name} COMMAND ${LAYOUTREF_PYTHON3} ${script} --layoutref $<TARGET_FILE:layoutref> ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS draw SKIP_RETURN_CODE 77 TIMEOUT 600)
  else()
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -E echo "${name}: skipped, python3 is not installed")
    set_tests_properties(${name} PROPERTIES LABELS draw SKIP_REGULAR_EXPRESSION "skipped, python3 is not installed")
  endif()
endfunction()
draw_script(draw.svg_xml ${CMAKE_CURRENT_SOURCE_DIR}/draw/xml_test.py --gallery ${PROJECT_SOURCE_DIR}/docs/gallery)
draw_script(draw.tikz ${CMAKE_CURRENT_SOURCE_DIR}/draw/tikz_test.py --work ${CMAKE_CURRENT_BINARY_DIR}/draw-tikz)
draw_script(draw.render ${CMAKE_CURRENT_SOURCE_DIR}/draw/render_test.py --work ${CMAKE_CURRENT_BINARY_DIR}/draw-render)
draw_script(draw.gallery_current ${PROJECT_SOURCE_DIR}/docs/gallery/make_gallery.py --check)
