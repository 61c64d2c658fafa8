# embed_text(TARGET <target> FILE <data file> SYMBOL <c++ name> NAMESPACE <ns>)
# Compiles a data file into <target> as `std::string_view <ns>::<symbol>()`, so that
# engines can ship their data (maps, variants) without reading files at run time.
function(embed_text)
  cmake_parse_arguments(ARG "" "TARGET;FILE;SYMBOL;NAMESPACE" "" ${ARGN})
  set(out "${CMAKE_CURRENT_BINARY_DIR}/embedded_${ARG_SYMBOL}.cpp")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DINPUT=${ARG_FILE} -DOUTPUT=${out}
            -DSYMBOL=${ARG_SYMBOL} -DNAMESPACE=${ARG_NAMESPACE}
            -P "${PROJECT_SOURCE_DIR}/cmake/embed_text_run.cmake"
    DEPENDS "${ARG_FILE}" "${PROJECT_SOURCE_DIR}/cmake/embed_text_run.cmake"
    COMMENT "Embedding ${ARG_FILE}")
  target_sources(${ARG_TARGET} PRIVATE "${out}")
endfunction()
