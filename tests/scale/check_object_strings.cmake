# SPDX-License-Identifier: Apache-2.0
# Fails unless the object file OBJECTS holds a string matching the regular expression PRESENT and none
# matching ABSENT.
foreach(required OBJECTS PRESENT ABSENT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "check_object_strings.cmake: -D${required}=... is required")
  endif()
endforeach()
if(NOT EXISTS "${OBJECTS}")
  message(FATAL_ERROR "no object file ${OBJECTS}: build its target first")
endif()
file(STRINGS "${OBJECTS}" present REGEX "${PRESENT}")
file(STRINGS "${OBJECTS}" absent REGEX "${ABSENT}")
if(NOT present)
  message(FATAL_ERROR "${OBJECTS} holds no '${PRESENT}', a target its pipeline runs: is the check reading the right object?")
endif()
if(absent)
  list(LENGTH absent count)
  list(GET absent 0 example)
  message(FATAL_ERROR "${OBJECTS} holds ${count} strings like '${example}', targets of registry entries no pipeline runs: "
                      "the object holds the registry")
endif()
message(STATUS "${OBJECTS}: holds '${present}' and nothing matching '${ABSENT}'")
