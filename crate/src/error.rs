//! Errors that reach a person: a stable code, named parameters and an English
//! sentence.
//!
//! The page translates an error through its own table (`err.<code>` filled
//! with the parameters), so a French page never shows the English sentence;
//! the sentence is for logs, tests and callers without a table. Codes are
//! part of the API: they are listed by [`crate::codes::all_codes`] and a test checks that the
//! page's table knows every one of them.

use serde::Serialize;
use std::fmt;

/// A parameter of an error: a number or a piece of text.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Param {
    /// A count, a size, a place (numbers cross to JavaScript as numbers).
    Num(f64),
    /// A name, a character, a fragment of the input.
    Text(String),
}

impl From<usize> for Param {
    fn from(v: usize) -> Self {
        Param::Num(v as f64)
    }
}

impl From<u32> for Param {
    fn from(v: u32) -> Self {
        Param::Num(f64::from(v))
    }
}

impl From<u64> for Param {
    fn from(v: u64) -> Self {
        Param::Num(v as f64)
    }
}

impl From<f64> for Param {
    fn from(v: f64) -> Self {
        Param::Num(v)
    }
}

impl From<&str> for Param {
    fn from(v: &str) -> Self {
        Param::Text(v.to_string())
    }
}

impl From<String> for Param {
    fn from(v: String) -> Self {
        Param::Text(v)
    }
}

impl From<char> for Param {
    fn from(v: char) -> Self {
        Param::Text(v.to_string())
    }
}

/// Named parameters of an error, in the order the sentence uses them.
pub type Params = Vec<(&'static str, Param)>;

/// An error that can be told to a person in any language.
pub trait Coded: fmt::Display {
    /// The stable code, such as `"move.eaten"`; one of [`crate::codes::all_codes`].
    fn code(&self) -> &'static str;
    /// The values the sentence is filled with, such as `row` and `col`.
    fn params(&self) -> Params;
}

/// An error reduced to what crosses to JavaScript: `{ code, params, message }`
/// with `params` an object of the named values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Stable code, one of [`crate::codes::all_codes`].
    pub code: &'static str,
    /// Named parameters.
    #[serde(serialize_with = "as_object")]
    pub params: Vec<(&'static str, Param)>,
    /// The English sentence.
    pub message: String,
}

impl Report {
    /// The report of any coded error (one copy for every caller: inlined
    /// at each, it cost the games module kilobytes).
    #[inline(never)]
    pub fn of(e: &dyn Coded) -> Report {
        Report {
            code: e.code(),
            params: e.params(),
            message: e.to_string(),
        }
    }
}

/// `expect` without the error's `Debug` text, for a result its caller has
/// already made sure of: a panic there is a bug either way, and the `Debug`
/// formatting each error type would keep for it cost the games module
/// kilobytes (its budget is 150 KB).
pub(crate) trait Sure<T> {
    /// The value, or a panic saying `what` was expected.
    fn sure(self, what: &'static str) -> T;
}

impl<T, E> Sure<T> for Result<T, E> {
    #[track_caller]
    fn sure(self, what: &'static str) -> T {
        match self {
            Ok(v) => v,
            Err(_) => panic!("{what}"),
        }
    }
}

/// Parameters as an object: their names are this crate's identifiers.
fn as_object<S: serde::Serializer>(params: &Params, s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(params.iter().map(|(k, v)| (*k, v)))
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Coded for Report {
    fn code(&self) -> &'static str {
        self.code
    }
    fn params(&self) -> Params {
        self.params.clone()
    }
}

/// A value given from outside (JavaScript, a URL, a form) that has the wrong
/// shape or is out of range, named by the field it was given for.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    /// Not an object with the expected fields.
    NotAnObject {
        /// What was expected, as an example.
        expected: &'static str,
    },
    /// A required field is missing.
    Missing {
        /// The field's name.
        field: String,
    },
    /// A number that is not a whole number in `min..=max`.
    NotWhole {
        /// The field's name.
        field: String,
        /// The value as given.
        value: String,
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
    /// A name that is not one of the allowed ones.
    Unknown {
        /// The field's name.
        field: String,
        /// The value as given.
        value: String,
        /// The allowed names, comma separated.
        expected: String,
    },
    /// A list longer than allowed.
    TooMany {
        /// The field's name.
        field: String,
        /// Entries given.
        count: usize,
        /// Most allowed.
        max: usize,
    },
    /// A value of another JavaScript type than the one expected (a BigInt
    /// for a number, an object for a string, …).
    WrongType {
        /// The field's name.
        field: String,
        /// The type expected: `number`, `boolean`, `string`, `array`,
        /// `object` or `function`.
        expected: &'static str,
        /// The type given, as JavaScript's `typeof` names it (`null` for null).
        got: String,
    },
    /// A text longer than allowed (checked before it is copied).
    TooLong {
        /// The field's name.
        field: String,
        /// Its length in UTF-16 units, as JavaScript counts it.
        length: usize,
        /// Most allowed.
        max: usize,
    },
    /// Reading the value threw (a getter, a Proxy, a revoked Proxy).
    Unreadable {
        /// The field's name.
        field: String,
    },
    /// A name the game does not read (a link's `kayles=9` on the sum page,
    /// whose heap games are `heaps=kayles:9`).
    NotAParameter {
        /// The name as given.
        field: String,
        /// Its value as given.
        value: String,
        /// The names the game reads, comma separated.
        expected: String,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NotAnObject { expected } => {
                write!(f, "expected an object like {expected}")
            }
            InputError::Missing { field } => write!(f, "the field {field} is missing"),
            InputError::NotWhole {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} is {value}: expected a whole number from {min} to {max}"
            ),
            InputError::Unknown {
                field,
                value,
                expected,
            } => write!(f, "{field} is \"{value}\": expected one of {expected}"),
            InputError::TooMany { field, count, max } => {
                write!(f, "{field} has {count} entries: at most {max} are allowed")
            }
            InputError::WrongType {
                field,
                expected,
                got,
            } => write!(
                f,
                "{field} is of type {got}: expected a value of type {expected}"
            ),
            InputError::TooLong { field, length, max } => {
                write!(
                    f,
                    "{field} has {length} characters: at most {max} are allowed"
                )
            }
            InputError::Unreadable { field } => {
                write!(
                    f,
                    "{field} could not be read: reading it threw an exception"
                )
            }
            InputError::NotAParameter {
                field,
                value,
                expected,
            } => write!(
                f,
                "{field} (\"{value}\") is not a setting of this game, whose settings are {expected}"
            ),
        }
    }
}

impl std::error::Error for InputError {}

impl Coded for InputError {
    fn code(&self) -> &'static str {
        match self {
            InputError::NotAnObject { .. } => "input.not_object",
            InputError::Missing { .. } => "input.missing",
            InputError::NotWhole { .. } => "input.not_whole",
            InputError::Unknown { .. } => "input.unknown",
            InputError::TooMany { .. } => "input.too_many",
            InputError::WrongType { .. } => "input.type",
            InputError::TooLong { .. } => "input.too_long",
            InputError::Unreadable { .. } => "input.unreadable",
            InputError::NotAParameter { .. } => "input.not_param",
        }
    }

    fn params(&self) -> Params {
        match self {
            InputError::NotAnObject { expected } => vec![("expected", (*expected).into())],
            InputError::Missing { field } => vec![("field", field.clone().into())],
            InputError::NotWhole {
                field,
                value,
                min,
                max,
            } => vec![
                ("field", field.clone().into()),
                ("value", value.clone().into()),
                ("min", (*min).into()),
                ("max", (*max).into()),
            ],
            InputError::Unknown {
                field,
                value,
                expected,
            }
            | InputError::NotAParameter {
                field,
                value,
                expected,
            } => vec![
                ("field", field.clone().into()),
                ("value", value.clone().into()),
                ("expected", expected.clone().into()),
            ],
            InputError::TooMany { field, count, max } => vec![
                ("field", field.clone().into()),
                ("count", (*count).into()),
                ("max", (*max).into()),
            ],
            InputError::WrongType {
                field,
                expected,
                got,
            } => vec![
                ("field", field.clone().into()),
                ("expected", (*expected).into()),
                ("got", got.clone().into()),
            ],
            InputError::TooLong { field, length, max } => vec![
                ("field", field.clone().into()),
                ("length", (*length).into()),
                ("max", (*max).into()),
            ],
            InputError::Unreadable { field } => vec![("field", field.clone().into())],
        }
    }
}

/// A call on an object that is already answering another one: its progress
/// callback, or a getter of one of its arguments, called it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy;

impl fmt::Display for Busy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this object is busy with another call (made from that call's own callback)")
    }
}

impl Coded for Busy {
    fn code(&self) -> &'static str {
        "session.busy"
    }
    fn params(&self) -> Params {
        vec![]
    }
}

/// Reads a whole number in `min..=max` given as a JavaScript number.
pub fn whole(field: &str, value: f64, min: u64, max: u64) -> Result<u64, InputError> {
    if value.is_finite() && value.fract() == 0.0 && value >= min as f64 && value <= max as f64 {
        Ok(value as u64)
    } else {
        Err(InputError::NotWhole {
            field: field.to_string(),
            value: format_number(value),
            min,
            max,
        })
    }
}

/// A number as JavaScript would print it (`2.5`, `NaN`, `Infinity`, `7`),
/// with at most six decimals. Written by hand: Rust's float formatting
/// would add about 15 KB to the module for this one message.
pub fn format_number(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let sign = if v < 0.0 { "-" } else { "" };
    let a = v.abs();
    if a >= 1e21 {
        // JavaScript switches to exponents here: 1e+300.
        let exponent = a.log10().floor() as i32;
        let mantissa = format_number(a / 10f64.powi(exponent));
        return format!("{sign}{mantissa}e+{exponent}");
    }
    if a >= 9_007_199_254_740_992.0 {
        // Past 2^53 every double is whole: its digits are exact as an integer.
        return format!("{sign}{}", whole_digits(a));
    }
    // The whole part and the fraction apart, both exact: a · 10^6 as one
    // u64 saturated from 1.8 · 10^13 on (10^14 read 18446744073709.551615).
    let mut whole = a.trunc() as u64;
    let mut frac = ((a - a.trunc()) * 1e6).round() as u64;
    if frac == 1_000_000 {
        (whole, frac) = (whole + 1, 0);
    }
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let mut digits = 6;
    while frac.is_multiple_of(10) {
        frac /= 10;
        digits -= 1;
    }
    format!("{sign}{whole}.{frac:0digits$}")
}

/// The digits of a whole `a` from 2^53 up to 10^21, exactly. Not through
/// `u128`, whose formatting and division weighed 0.6 to 0.7 KB of each wasm
/// module gzipped: past `u64`, `a` is its 53-bit mantissa times 2^12 to
/// 2^17, and the mantissa's billions and units times that power both fit a
/// `u64`.
fn whole_digits(a: f64) -> String {
    if a < 18_446_744_073_709_551_616.0 {
        return (a as u64).to_string();
    }
    let bits = a.to_bits();
    let mantissa = bits & ((1 << 52) - 1) | 1 << 52;
    let power = 1u64 << (((bits >> 52) & 0x7ff) - 1075);
    const BILLION: u64 = 1_000_000_000;
    let low = mantissa % BILLION * power;
    let high = mantissa / BILLION * power + low / BILLION;
    format!("{high}{:09}", low % BILLION)
}

/// Codes of [`InputError`] and [`Busy`].
pub const INPUT_CODES: &[&str] = &[
    "input.not_object",
    "input.missing",
    "input.not_whole",
    "input.unknown",
    "input.too_many",
    "input.type",
    "input.too_long",
    "input.unreadable",
    "input.not_param",
    // A name given twice (params.rs, ParamReader::finish).
    "input.repeated",
    "session.busy",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_in_range_only() {
        assert_eq!(whole("rows", 3.0, 1, 30), Ok(3));
        for bad in [0.0, 31.0, 2.5, f64::NAN, f64::INFINITY, -1.0] {
            let e = whole("rows", bad, 1, 30).unwrap_err();
            assert_eq!(e.code(), "input.not_whole");
            assert!(e.to_string().starts_with("rows is "), "{e}");
        }
        assert_eq!(format_number(f64::NAN), "NaN");
        assert_eq!(format_number(2.5), "2.5");
        assert_eq!(format_number(7.0), "7");
        assert_eq!(format_number(-0.125), "-0.125");
        assert_eq!(format_number(1e300), "1e+300");
        assert_eq!(format_number(-2.5e25), "-2.5e+25");
        assert_eq!(format_number(9007199254740993.0), "9007199254740992");
        assert_eq!(format_number(16777216.5), "16777216.5");
        // Past u64, the double's exact digits (JavaScript writes the
        // shortest that read back, then zeros: 18446744073709552000).
        assert_eq!(
            format_number(18446744073709551615.0),
            "18446744073709551616"
        );
        assert_eq!(format_number(1e20), "100000000000000000000");
        assert_eq!(
            format_number(-123456789012345678901.0),
            "-123456789012345683968"
        );
        assert_eq!(
            format_number(999999999999999868928.0),
            "999999999999999868928"
        );
        assert_eq!(format_number(1e21), "1e+21");
        // Past 1.8 · 10^13, where the scaled number no longer fits a u64,
        // and between 10^15 and 2^53, where doubles still have fractions.
        assert_eq!(format_number(1e14), "100000000000000");
        assert_eq!(format_number(-2e13 - 0.25), "-20000000000000.25");
        assert_eq!(format_number(1e15 + 0.5), "1000000000000000.5");
        assert_eq!(format_number(4503599627370495.5), "4503599627370495.5");
        // Six decimals at most, the fraction's rounding carried.
        assert_eq!(format_number(0.9999999), "1");
        assert_eq!(format_number(3.0000001), "3");
    }

    #[test]
    fn whole_digits_are_the_doubles_exact_value() {
        // 750,000 doubles spread from 2^53 to 10^21, against u128's digits.
        let (from, to) = (9_007_199_254_740_992f64.to_bits(), 1e21f64.to_bits());
        for bits in (from..to).step_by(99_730_000_001).chain([to - 1]) {
            let a = f64::from_bits(bits);
            assert_eq!(whole_digits(a), (a as u128).to_string(), "{a}");
        }
    }
}
