// Defines `accy::scratch<dtype, extent>`, the declaration of one intermediate buffer.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/pipeline/scalar_derivation.hpp>

namespace accy {

/// An intermediate's element type and element count as a value.
struct scratch_spec {
    accy::dtype dtype = dtype::u8;
    scalar_derivation extent{};
};

/// An intermediate of `Extent` elements of `Type`, the extent derived from the runtime scalars.
template <dtype Type, derivation Extent>
struct scratch {
    static constexpr scratch_spec spec{Type, Extent::derivation};
};

/// The intermediates of a pipeline, in index order.
template <class... Scratch>
struct intermediates {};

}  // namespace accy
