// SPDX-License-Identifier: Apache-2.0
// Control: a build that fails with the expected text and a second error; the runner must reject it.
// expect: control: the first error
static_assert(sizeof(char) == 2, "control: the first error");
static_assert(sizeof(char) == 3, "control: the second error");
