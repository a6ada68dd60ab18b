// Defines `accy::diagnostic::report`: one compile error per problem, its context naming the stage and binding.
#pragma once

#include <accy/core/format.hpp>
#include <accy/pipeline/diagnosis.hpp>

#include <cstddef>

// Each message below is printed after an "In instantiation of 'accy::diagnostic::report<problem,
// in_stage<S, stage<...>>, at_buffer<B, operand<I>>>'" line: those template arguments are the stage
// index and declaration, and the binding index and reference, that the message is about.
namespace accy::diagnostic {

template <std::size_t Index, class Stage>
struct in_stage {};
template <std::size_t Index, class Ref>
struct at_buffer {};
template <std::size_t Index, class Derivation>
struct at_scalar {};
template <std::size_t Dimension>  // 0 is x, 1 is y, 2 is z
struct at_grid_dimension {};
template <format Format, std::size_t BufferCount, std::size_t ScalarCount>
struct entry_declares {};
template <std::size_t Index, class Bound>
struct in_bound {};
template <std::size_t Index, class Scratch>
struct in_intermediate {};
template <format Format>
struct in_format {};

template <class...>
inline constexpr bool always_false = false;

template <problem Problem, class... Context>
struct report;

#define ACCY_DIAGNOSTIC(problem_name, text)                                   \
    template <class... Context>                                               \
    struct report<problem::problem_name, Context...> {                        \
        static_assert(always_false<Context...>, text);                        \
    }

ACCY_DIAGNOSTIC(bound_index_out_of_range,
                "accy::pipeline: a bound max_u32<i, v> names runtime scalar i at or past runtime_scalar_count");
ACCY_DIAGNOSTIC(extent_index_out_of_range,
                "accy::pipeline: an intermediate's extent reads a runtime scalar at or past runtime_scalar_count");
ACCY_DIAGNOSTIC(extent_divisor_zero, "accy::pipeline: an intermediate's extent is ceil_div<i, 0>, a division by zero");
ACCY_DIAGNOSTIC(extent_zero, "accy::pipeline: an intermediate has the fixed extent constant<0>; a buffer needs one element or more");
ACCY_DIAGNOSTIC(stage_without_entry,
                "accy::pipeline: a stage names a (target, version) that the registry has no entry for, in any format");
ACCY_DIAGNOSTIC(operand_index_out_of_range,
                "accy::pipeline: a stage binds operand<i> with i at or past the pipeline's operand_count");
ACCY_DIAGNOSTIC(result_index_out_of_range,
                "accy::pipeline: a stage binds result<i> with i at or past the pipeline's result_count");
ACCY_DIAGNOSTIC(intermediate_index_out_of_range,
                "accy::pipeline: a stage binds intermediate<i> with i at or past the number of declared intermediates");
ACCY_DIAGNOSTIC(buffer_bound_twice,
                "accy::pipeline: a stage binds the same buffer to two parameters, which would alias them; bind distinct buffers");
ACCY_DIAGNOSTIC(scalar_index_out_of_range,
                "accy::pipeline: a stage's scalar derivation reads a runtime scalar at or past runtime_scalar_count");
ACCY_DIAGNOSTIC(scalar_divisor_zero, "accy::pipeline: a stage's scalar derivation is ceil_div<i, 0>, a division by zero");
ACCY_DIAGNOSTIC(buffer_count_mismatch,
                "accy::pipeline: a stage binds a different number of buffers than its kernel entry declares");
ACCY_DIAGNOSTIC(scalar_count_mismatch,
                "accy::pipeline: a stage derives a different number of scalars than its kernel entry declares");
ACCY_DIAGNOSTIC(geometry_scalar_out_of_range,
                "accy::pipeline: a stage's kernel entry derives a grid dimension from a scalar index at or past its scalar_count");
ACCY_DIAGNOSTIC(geometry_divisor_zero,
                "accy::pipeline: a stage's kernel entry derives a grid dimension as ceil_div by 0");
ACCY_DIAGNOSTIC(operand_written,
                "accy::pipeline: a stage binds an operand to a parameter its kernel writes; operands are read-only, bind a result or an intermediate");
ACCY_DIAGNOSTIC(intermediate_read_before_write,
                "accy::pipeline: a stage reads an intermediate that no earlier stage writes");
ACCY_DIAGNOSTIC(intermediate_never_read,
                "accy::pipeline: an intermediate is not read by any stage after the first stage that writes it; remove it or read it");
ACCY_DIAGNOSTIC(no_entry_for_format,
                "accy: a stage has no kernel entry in the format given at compile time; add one to the registry, or pass the format at run time to get errc::unsupported_operation");

#undef ACCY_DIAGNOSTIC

}  // namespace accy::diagnostic
