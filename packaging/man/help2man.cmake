# cmake -P script: writes the manual page OUTPUT (gzip -9n) of PROGRAM with help2man, from the program's own
# --help and --version, so the page cannot drift from them; INCLUDE adds what --help does not say (files,
# examples, see also). dvmlens-cli --help lists every subcommand with all its options, which is all that
# `dvmlens-cli <command> --help` says too (cli-packaging checks that the page names every option of both).
#   -DHELP2MAN= -DPROGRAM=<built program> -DNAME=<NAME line> -DINCLUDE=<.h2m> -DOUTPUT=<page.1.gz>
#   -DWORK_DIR= [-DSOURCE_DATE_EPOCH=<seconds>]
foreach(var HELP2MAN PROGRAM NAME INCLUDE OUTPUT WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "help2man.cmake: ${var} is not set")
    endif()
endforeach()

get_filename_component(program_dir "${PROGRAM}" DIRECTORY)
get_filename_component(program_name "${PROGRAM}" NAME)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/config")
# English and no saved settings whatever the builder's locale; run by name from PATH so the page says
# "dvmlens", not the build folder; no display needed.
set(environment
    --unset=LANGUAGE --unset=LANG "PATH=${program_dir}:$ENV{PATH}" "HOME=${WORK_DIR}"
    "XDG_CONFIG_HOME=${WORK_DIR}/config" "LC_ALL=C.UTF-8" "QT_QPA_PLATFORM=offscreen")
if(DEFINED SOURCE_DATE_EPOCH)
    list(APPEND environment "SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH}")
endif()

get_filename_component(page "${OUTPUT}" NAME_WLE)
execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env ${environment} "${HELP2MAN}" --no-info --section 1
            --name "${NAME}" --include "${INCLUDE}" --output "${WORK_DIR}/${page}" "${program_name}"
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "help2man ${program_name} failed (${status})")
endif()
execute_process(COMMAND gzip -9nc "${WORK_DIR}/${page}" OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "gzip ${page} failed (${status})")
endif()
