//! Snapshots as flat objects: a game's snapshot holds its own fields and
//! the fields of parts every game shares (whose turn it is, the links).
//! `#[serde(flatten)]` would do the same through serde's map path, which
//! costs the wasm module several kilobytes for each game; these macros write
//! the same object field by field.

use serde::ser::SerializeStruct;

/// A part whose fields are written into the object of the struct holding it.
pub trait Fields {
    /// Writes every field of `self` into `o`.
    fn put<O: SerializeStruct>(&self, o: &mut O) -> Result<(), O::Error>;
}

/// Implements [`Fields`] for a struct, listing its fields in order.
macro_rules! fields {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl $crate::flat::Fields for $ty {
            fn put<O: serde::ser::SerializeStruct>(&self, o: &mut O) -> Result<(), O::Error> {
                $( o.serialize_field(stringify!($field), &self.$field)?; )*
                Ok(())
            }
        }
    };
}

/// Implements `Serialize` for a struct as one flat object: its own fields,
/// then those of its parts (each a [`Fields`]).
macro_rules! flat_serialize {
    ($ty:ty { $($field:ident),* $(,)? } + { $($part:ident),* $(,)? }) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                use $crate::flat::Fields;
                let mut o = s.serialize_struct(stringify!($ty), 0)?;
                $( o.serialize_field(stringify!($field), &self.$field)?; )*
                $( self.$part.put(&mut o)?; )*
                o.end()
            }
        }
    };
}

// Checked by the wasm tests, which compare a snapshot's keys with the
// TypeScript interface's.
pub(crate) use {fields, flat_serialize};
