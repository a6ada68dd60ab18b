// SPDX-License-Identifier: Apache-2.0
// Control: a build that fails, but without the expected text; the runner must reject it.
// expect: control: the one error
// expect: this text is not in the output
static_assert(sizeof(char) == 2, "control: the one error");
