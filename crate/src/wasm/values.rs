//! `heap_values`: the value sequence of any heap rule, with its period when
//! proven (the study module: the games' sessions keep their own tables).

use super::{callback, fail, text, whole, Pacer};
use crate::grundy::sequence::{Sequence, ValuesError};
use crate::grundy::Rule;
use js_sys::{Object, Reflect, Uint16Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_VALUES: &'static str = r#"
/** G(n + length) = G(n) for every n ≥ start. */
export interface Period { start: number; length: number }
/** G(0..=n) of a heap rule, and its period when the values prove one. */
export interface HeapValues { values: Uint16Array; period: Period | null }
"#;

/// The largest heap `heap_values` computes: Grundy's game's bound, about
/// 100 MB of tables in the worker.
pub const MAX_VALUES_HEAP: u32 = crate::grundy::MAX_HEAP;

/// G(0..=n) of `rule` (a name or an octal code, as the sessions read it),
/// `n` at most 2^24, with the period the octal periodicity theorem proves
/// from them (null for Grundy's game, Nim, and a rule not yet periodic by
/// n). `progress(done, total)` in heaps, every 50 ms at most; false from it
/// stops (`values.cancelled`).
#[wasm_bindgen(unchecked_return_type = "HeapValues")]
pub fn heap_values(
    #[wasm_bindgen(unchecked_param_type = "string")] rule: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Progress | undefined")] progress: JsValue,
) -> Result<JsValue, JsValue> {
    let rule = Rule::parse(&text("rule", &rule, 64)?).map_err(|e| fail(&e))?;
    let n = whole("n", &n, 0, (1 << 53) - 1)?;
    if n > u64::from(MAX_VALUES_HEAP) {
        return Err(fail(&ValuesError::TooFar {
            n,
            max: MAX_VALUES_HEAP,
        }));
    }
    let mut pacer = Pacer::new(callback("progress", &progress)?);
    let mut sequence = Sequence::new(rule);
    sequence
        .extend_with(n as u32, &mut |done, total| {
            pacer.tick(f64::from(done), f64::from(total))
        })
        .map_err(|e| fail(&e))?;
    pacer.tick(n as f64, n as f64);
    let out = Object::new();
    let values = Uint16Array::from(&sequence.values()[..=n as usize]);
    let period = match sequence.period() {
        Some(p) => {
            let o = Object::new();
            let _ = Reflect::set(&o, &"start".into(), &p.start.into());
            let _ = Reflect::set(&o, &"length".into(), &p.length.into());
            JsValue::from(o)
        }
        None => JsValue::NULL,
    };
    let _ = Reflect::set(&out, &"values".into(), &values);
    let _ = Reflect::set(&out, &"period".into(), &period);
    Ok(out.into())
}
