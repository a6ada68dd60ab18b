// SPDX-License-Identifier: Apache-2.0
// Defines `accy::diagnostic::report`: one compile error per problem, its context naming the stage
// and the parameter, or the declared buffer, that the message is about.
#pragma once

#include <accy/core/fixed_string.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/diagnosis.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

// Each message below is printed after an "In instantiation of 'accy::diagnostic::report<problem,
// in_stage<S, text<'t', 'a', 'r', ...>, stage<...>>, at_parameter<P, text<'n', ...>, Argument>,
// reads_scalar<I, text<'c', 'o', 'l', 's'>>>'" line: those template arguments are the stage's index,
// target and declaration, the parameter's index, name and bound argument, and each runtime scalar
// the argument's derivations read (forward<I>), by name. Names are spelled as character packs
// because both g++ and clang print those in full, where clang prints a string argument as
// character codes.
namespace accy::diagnostic {

template <char... Characters>
struct text {};

namespace detail {

template <fixed_string Text, std::size_t... Index>
text<Text.chars[Index]...> spell(std::index_sequence<Index...>);

/// `Text` as a `text<...>` type: `text_of<fixed_string_of<name.size()>(name)>`.
template <fixed_string Text>
using text_of = decltype(spell<Text>(std::make_index_sequence<sizeof(Text.chars) - 1>{}));

/// A `false` that depends on its arguments, so that a `static_assert` of it fails only where instantiated.
template <class...>
inline constexpr bool always_false = false;

/// What `first_problem` names when there is none: complete, and silent.
struct no_problem {};

}  // namespace detail

template <std::size_t Index, class Target, class Stage>
struct in_stage {};
template <std::size_t Index, class Name, class Argument>
struct at_parameter {};
template <format Format, class EntryName, std::size_t ParameterCount>
struct in_entry {};
template <std::size_t Dimension>  // 0 is x, 1 is y, 2 is z
struct at_grid_dimension {};
template <buffer_kind List, std::size_t Index, class Shape>
struct in_buffer {};
template <std::size_t Index, class Name, class Scalar>
struct in_scalar {};
template <format Format>
struct in_format {};
/// A `repeat_while` or `when`, the `Index`th region in launch order, of stages `First` to `End - 1`.
template <region_kind Kind, std::size_t Index, std::size_t First, std::size_t End>
struct in_region {};
/// Runtime scalar `Index`, named `Name`, which a derivation in the context before it reads.
template <std::size_t Index, class Name>
struct reads_scalar {};
/// The registry's entry nearest a stage's unknown (target, version): its target in another version,
/// or else the target fewest edits away.
template <class Target, std::uint32_t Version>
struct nearest_entry {};
/// The first parameter, `Index` and named `Name`, that a stage binds no argument to.
template <std::size_t Index, class Name>
struct first_unbound_parameter {};
/// The first argument a stage binds past its kernel entry's parameters: number `Index`, `Argument`.
template <std::size_t Index, class Argument>
struct first_extra_argument {};

template <problem Problem, class... Context>
struct report;

#define ACCY_DIAGNOSTIC(problem_name, text)                                   \
    template <class... Context>                                               \
    struct report<problem::problem_name, Context...> {                        \
        static_assert(detail::always_false<Context...>, text);                \
    }

ACCY_DIAGNOSTIC(registry_not_constant, "accy::pipeline: the definition's registry is not a constant expression; declare it `constexpr auto kernels = accy::make_registry(...);`, and fix any error above in its initializer");
ACCY_DIAGNOSTIC(scalar_type_not_supported, "accy::scalar<Name, T>: T must be a number (i32, u32, i64, u64, f32, f64, u8) or a trivially copyable struct; pass device memory as an operand, a result or an intermediate");
ACCY_DIAGNOSTIC(scalar_bounds_invalid, "accy::scalar<Name, T, Bounds>: bounds apply to integer scalars, with min <= max");
ACCY_DIAGNOSTIC(scalar_name_repeated, "accy::runtime_scalars<...>: two runtime scalars have the same name; messages, describe() and P::runtime_scalars name each scalar by it, so give each its own");
ACCY_DIAGNOSTIC(extent_not_an_integer, "accy::pipeline: a buffer's extent must be an integer derivation; convert<dtype::u64, D> a floating-point one");
ACCY_DIAGNOSTIC(extent_zero, "accy::pipeline: a buffer has a constant extent of 0 elements or fewer; a buffer needs one element or more");
ACCY_DIAGNOSTIC(in_place_operand_out_of_range, "accy::pipeline: a result is in_place<i, ...> over operand i at or past the number of operands");
ACCY_DIAGNOSTIC(zeroing_outside_workspaces, "accy::pipeline: zero_filled<...> and kept_zero<...> apply to workspaces only (a kernel's own scratch); accy zeroes no operand, result or intermediate");
ACCY_DIAGNOSTIC(in_place_outside_results, "accy::pipeline: in_place<i, ...> declares a result that may share an operand's memory; it applies to results only");
ACCY_DIAGNOSTIC(in_place_dtype_mismatch, "accy::pipeline: a result in_place<i, Shape> must have operand i's dtype, since it may share operand i's memory; declare Shape with that dtype, or drop in_place (extents, known at run time only, are not compared)");
ACCY_DIAGNOSTIC(in_place_operand_shared, "accy::pipeline: two results are in_place<i, ...> over the same operand i, and would write the same memory; declare at most one result in_place over an operand");
ACCY_DIAGNOSTIC(scalar_index_out_of_range, "accy::pipeline: a derivation forward<i> reads runtime scalar i at or past the number of runtime scalars");
ACCY_DIAGNOSTIC(divisor_zero, "accy::pipeline: a derivation is ceil_div<D, 0>, a division by zero");
ACCY_DIAGNOSTIC(arithmetic_on_non_integer, "accy::pipeline: ceil_div, sum, product, min_of and max_of take integer derivations; convert<dtype, D> the others first");
ACCY_DIAGNOSTIC(no_common_type, "accy::pipeline: an arithmetic derivation mixes a u64 with a signed integer, which no type holds both of; convert<dtype, D> one of them");
ACCY_DIAGNOSTIC(conversion_of_bytes, "accy::pipeline: convert<dtype, D> of a struct runtime scalar; structs bind only bytes parameters");
ACCY_DIAGNOSTIC(stage_without_entry, "accy::pipeline: a stage names a (target, version) that the registry has no entry for, in any format; the nearest_entry<target, version> in the context is the registry's nearest target: is the name misspelt?");
ACCY_DIAGNOSTIC(stage_version_without_entry, "accy::pipeline: a stage names a version of its target that the registry has no entry for; the nearest_entry<target, version> in the context is that target's entry: name its version, or add the version to the registry");
ACCY_DIAGNOSTIC(duplicate_entry, "accy::pipeline: the registry has two entries for a stage's (target, version) in the same format; keep one");
ACCY_DIAGNOSTIC(payload_not_of_format, "accy::pipeline: a stage's kernel entry has a payload of another format: a format::host entry takes payload::from_host(function), and only it does (PTX, CUDA source, cubin and fatbin are text or an image)");
ACCY_DIAGNOSTIC(entries_disagree, "accy::pipeline: a stage's kernel entries in two formats declare different parameters (kinds, types, sizes or alignments)");
ACCY_DIAGNOSTIC(parameter_count_over_limit, "accy::pipeline: a stage's kernel entry declares more than limits::kernel_parameters (32) parameters, the most a launch packs; pass the extra values in one bytes parameter (a struct)");
ACCY_DIAGNOSTIC(parameter_bytes_over_limit, "accy::pipeline: a stage's kernel entry declares more than limits::parameter_bytes (32764) bytes of parameters");
ACCY_DIAGNOSTIC(block_dimension_zero, "accy::pipeline: a stage's kernel entry has a block dimension of 0 threads; each dimension needs 1 or more");
ACCY_DIAGNOSTIC(block_too_large, "accy::pipeline: a stage's kernel entry has a block over the limits: x and y at most 1024, z at most 64, x*y*z at most 1024 threads");
ACCY_DIAGNOSTIC(grid_dimension_zero, "accy::pipeline: a stage's kernel entry has a fixed grid dimension of 0 blocks; each dimension needs 1 or more");
ACCY_DIAGNOSTIC(grid_dimension_too_large, "accy::pipeline: a stage's kernel entry has a fixed grid dimension over the limit: 2^31 - 1 blocks in x, 65535 in y and z");
ACCY_DIAGNOSTIC(geometry_parameter_not_integer, "accy::pipeline: a stage's kernel entry derives a grid dimension from a parameter that is not one of its integer scalars");
ACCY_DIAGNOSTIC(geometry_divisor_zero, "accy::pipeline: a stage's kernel entry derives a grid dimension as ceil_div by 0");
ACCY_DIAGNOSTIC(shared_memory_too_large, "accy::pipeline: a stage's kernel entry asks for more dynamic shared memory than any GPU has (227 KiB per block)");
ACCY_DIAGNOSTIC(cluster_invalid, "accy::pipeline: a stage's kernel entry declares a thread-block cluster with a dimension of 0 or more than 8 blocks in all (the portable limit)");
ACCY_DIAGNOSTIC(grid_not_multiple_of_cluster, "accy::pipeline: a stage's kernel entry has a fixed grid dimension that is not a multiple of its cluster's");
ACCY_DIAGNOSTIC(tensor_map_parameter_invalid, "accy::parameter::tensor_map(name, access, dtype, rank, alignment): rank must be 1 to 5 and alignment 128 (CUDA 13's CUtensorMap) or 64 (CUDA 12's)");
ACCY_DIAGNOSTIC(argument_count_mismatch, "accy::pipeline: a stage binds a different number of arguments than its kernel entry declares parameters; bind every parameter, in order");
ACCY_DIAGNOSTIC(argument_kind_mismatch, "accy::pipeline: a stage binds a buffer to a scalar or bytes parameter, or a derivation to a buffer parameter; a tensor map parameter binds accy::tensor_map<...>, and only it does");
ACCY_DIAGNOSTIC(argument_type_mismatch, "accy::pipeline: a stage binds a derivation whose type the parameter does not hold (a number the parameter's type cannot represent, or a struct of another size); use convert<dtype, D>");
ACCY_DIAGNOSTIC(floating_argument_to_integer, "accy::pipeline: a stage binds a floating-point derivation to an integer parameter; check the order of the stage's arguments against the entry's parameters (convert<dtype, D> would compile, and truncate)");
ACCY_DIAGNOSTIC(constant_type_mismatch, "accy::pipeline: a stage binds constant<v> to a parameter whose type does not hold every value of v's C++ type (constant<4> is an i32); write v in the parameter's type: constant<4u> for a u32, constant<std::uint64_t{4}> for a u64");
ACCY_DIAGNOSTIC(element_type_mismatch, "accy::pipeline: a stage binds a buffer whose shape's dtype differs from the element type its parameter declares");
ACCY_DIAGNOSTIC(operand_index_out_of_range, "accy::pipeline: a stage binds operand<i> with i at or past the number of operands");
ACCY_DIAGNOSTIC(result_index_out_of_range, "accy::pipeline: a stage binds result<i> with i at or past the number of results");
ACCY_DIAGNOSTIC(intermediate_index_out_of_range, "accy::pipeline: a stage binds intermediate<i> with i at or past the number of declared intermediates");
ACCY_DIAGNOSTIC(workspace_index_out_of_range, "accy::pipeline: a stage binds workspace<i> with i at or past the number of declared workspaces");
ACCY_DIAGNOSTIC(buffer_list_not_declared, "accy::pipeline: a stage binds intermediate<i> or workspace<i>, and the definition declares no such list; declare `using intermediates = accy::intermediates<...>;` or `using workspaces = accy::workspaces<...>;` (is the member's name misspelt, or has its declaration an error above, such as shape<dtype, 1> for shape<dtype, accy::constant<1>>?)");
ACCY_DIAGNOSTIC(buffer_bound_twice, "accy::pipeline: a stage binds the same buffer to two parameters, which would alias them; bind distinct buffers");
ACCY_DIAGNOSTIC(tensor_map_malformed, "accy::tensor_map<Buffer, extents<...>, box<...>, options, strides<...>>: give the extents as accy::extents<...>, the box as accy::box<...> and the strides, if any, as accy::strides<...>");
ACCY_DIAGNOSTIC(tensor_map_not_an_integer, "accy::tensor_map<Buffer, extents<...>, box<...>, options, strides<...>>: extents and strides must be integer derivations; convert<dtype::u64, D> a floating-point one");
ACCY_DIAGNOSTIC(tensor_map_rank_mismatch, "accy::tensor_map<Buffer, extents<...>, ...>: give as many extents as the tensor map parameter's rank");
ACCY_DIAGNOSTIC(tensor_map_strides_count, "accy::tensor_map<..., strides<...>>: give one stride per dimension after the first (rank - 1), or strides<> for packed rows");
ACCY_DIAGNOSTIC(tensor_map_box_invalid, "accy::tensor_map<Buffer, extents<...>, box<...>, options>: give the box one size per extent, each 1 to 256 elements, its innermost row a multiple of 16 bytes and no wider than the swizzle's span (32, 64 or 128 bytes)");
ACCY_DIAGNOSTIC(tensor_map_fill_not_floating, "accy::tensor_map<..., options>: tensor_map_fill::nan needs a floating-point element; use tensor_map_fill::zero");
ACCY_DIAGNOSTIC(region_holds_other_than_stages, "accy::repeat_while<Flag, Bound, Stages...> and accy::when<Flag, Stages...> hold one or more accy::stage<...>s and nothing else: they do not nest");
ACCY_DIAGNOSTIC(condition_flag_invalid, "accy::repeat_while and accy::when: the flag must be intermediate<i> or result<i> of a declared u32 shape, which a kernel sets to 0 (stop, or skip) or not 0");
ACCY_DIAGNOSTIC(loop_without_bound, "accy::repeat_while<Flag, Bound, Stages...>: Bound, the most passes, must be an integer derivation between the flag and the stages (accy::constant<100u>, or forward<i> of a runtime scalar): a loop needs a bound");
ACCY_DIAGNOSTIC(operand_written, "accy::pipeline: a stage binds an operand to a parameter its kernel writes; operands are read-only, bind a result or an intermediate");
ACCY_DIAGNOSTIC(operand_read_after_in_place_write, "accy::pipeline: a stage reads an operand after an earlier stage wrote a result in_place<i, ...> over it, which may have overwritten it; read the operand no later than the stage that first writes that result, read the result instead, or drop in_place");
ACCY_DIAGNOSTIC(intermediate_read_before_write, "accy::pipeline: a stage reads an intermediate that no earlier stage writes; a kernel's own scratch is a workspace<i>");
ACCY_DIAGNOSTIC(in_place_result_read_before_write, "accy::pipeline: a stage reads a result in_place<i, ...> that no earlier stage writes; until then it holds operand i's elements only if the caller passes one buffer as both, so read operand<i> there instead");
ACCY_DIAGNOSTIC(result_read_before_write, "accy::pipeline: a stage only reads a result that no earlier stage writes, which would read the caller's old contents; pass those as an operand, or bind the result read_write in the stage that first writes it (a result that accumulates, y = a * x + y)");
ACCY_DIAGNOSTIC(operand_never_read, "accy::pipeline: no stage binds an operand; bind it to the parameter that reads it, or remove it");
ACCY_DIAGNOSTIC(intermediate_never_read, "accy::pipeline: an intermediate is not read by any stage after the first stage that writes it; remove it, read it, or make it a workspace");
ACCY_DIAGNOSTIC(workspace_shared, "accy::pipeline: a workspace is bound by two stages; a workspace belongs to one stage, pass data between stages in an intermediate");
ACCY_DIAGNOSTIC(workspace_unused, "accy::pipeline: a workspace is declared but no stage binds it; remove it");
ACCY_DIAGNOSTIC(result_never_written, "accy::pipeline: no stage writes a result; bind it to a parameter a kernel writes, or remove it");
ACCY_DIAGNOSTIC(collective_dtype_unsupported, "accy::pipeline: a collective stage's buffers hold i16 or u16 elements, which collectives (NCCL) do not take; use 32-bit elements");
ACCY_DIAGNOSTIC(collective_element_types_differ, "accy::pipeline: a collective stage's source and result hold elements of different dtypes; a collective moves elements, it does not convert them");
ACCY_DIAGNOSTIC(collective_root_negative, "accy::pipeline: an accy::broadcast's root rank is negative; ranks are 0 to the rank count - 1");
ACCY_DIAGNOSTIC(collective_peer_not_an_integer, "accy::pipeline: an accy::send's or accy::receive's peer must be an integer derivation (accy::constant<1>, or a runtime scalar)");
ACCY_DIAGNOSTIC(collective_group_shares_a_buffer, "accy::pipeline: consecutive accy::send and accy::receive stages run as one group, whose calls the ranks pair in any order, so none of them may receive into a buffer another of them sends or receives; put another stage between them, or use another buffer");
ACCY_DIAGNOSTIC(condition_flag_never_written, "accy::pipeline: no stage writes a region's flag where it must: a stage inside accy::repeat_while, before the loop tests it, or a stage before accy::when; bind the flag there to a parameter a kernel writes");
ACCY_DIAGNOSTIC(no_entry_for_format, "accy: a stage has no kernel entry in the format given at compile time; add one to the registry, or pass the format at run time to get errc::unsupported_operation");

#undef ACCY_DIAGNOSTIC

}  // namespace accy::diagnostic
