//! Game graphs (the study module): `GraphSession`, the graph section's
//! analyses, one call per action, every vertex referred to by its index
//! (labels are only shown, never used as keys); and `analyze_graph(text)`,
//! the stateless function other sites call, vertices by their labels.

use super::{fail, numbers, text as read_text, to_js, whole, MAX_TEXT};
use crate::chomp::{Position, MAX_SIDE};
use crate::graph::{self, Analysis, Graph};
use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_GRAPH: &'static str = r#"
/** One step of the worksheet's kernel algorithm. */
export interface KernelStep { sink: string; removed: string[] }
/** One step of the nimber computation. */
export interface NimberStep { vertex: string; nimber: number; seen: number[] }
/** A game graph analysed as in the worksheet (vertices by their labels). */
export interface GraphAnalysis {
  vertices: string[];
  successors: Record<string, string[]>;
  kernel: string[];
  strategy: Record<string, string>;
  nimbers: Record<string, number>;
  steps: { kernel: KernelStep[]; nimbers: NimberStep[] };
}
/** A game graph and the worksheet's analysis of it; vertices are indices into `labels`. */
export interface GraphView {
  labels: string[];
  successors: number[][];
  kernel: number[];
  kernel_steps: { sink: number; removed: number[] }[];
  strategy: [number, number][];
  nimbers: number[];
  nimber_steps: { vertex: number; nimber: number; seen: number[] }[];
  /** For a Chomp arena, each vertex's position (row lengths); null otherwise. */
  positions: number[][] | null;
  /** The graph as the worksheet's Python dict. */
  dict: string;
}
"#;

#[derive(Serialize)]
struct StepOut {
    sink: usize,
    removed: Vec<usize>,
}

#[derive(Serialize)]
struct NimberOut {
    vertex: usize,
    nimber: u32,
    seen: Vec<u32>,
}

#[derive(Serialize)]
struct View {
    labels: Vec<String>,
    successors: Vec<Vec<usize>>,
    kernel: Vec<usize>,
    kernel_steps: Vec<StepOut>,
    strategy: Vec<(usize, usize)>,
    nimbers: Vec<u32>,
    nimber_steps: Vec<NimberOut>,
    positions: Option<Vec<Vec<usize>>>,
    dict: String,
}

fn view(g: Graph, a: Analysis, positions: Option<Vec<Position>>) -> View {
    View {
        dict: g.to_dict_text(),
        labels: (0..g.len()).map(|v| g.label(v)).collect(),
        successors: g.successors,
        kernel: a.kernel,
        kernel_steps: a
            .kernel_steps
            .into_iter()
            .map(|s| StepOut {
                sink: s.sink,
                removed: s.removed,
            })
            .collect(),
        strategy: a.strategy,
        nimbers: a.nimbers,
        nimber_steps: a
            .nimber_steps
            .into_iter()
            .map(|s| NimberOut {
                vertex: s.vertex,
                nimber: s.nimber,
                seen: s.seen,
            })
            .collect(),
        positions: positions.map(|ps| ps.iter().map(|p| p.rows().to_vec()).collect()),
    }
}

fn analysed(g: Graph, positions: Option<Vec<Position>>) -> Result<JsValue, JsValue> {
    let a = graph::analyze(&g).map_err(|c| fail(&c))?;
    to_js(&view(g, a, positions))
}

/// The graph section: a pasted dict, the arena of a Chomp box or the graph
/// of every position below a Chomp position, analysed as the worksheet does
/// (kernel by sink removal with its steps, strategy, nimbers).
#[wasm_bindgen]
pub struct GraphSession {}

#[wasm_bindgen]
impl GraphSession {
    /// A graph session.
    #[wasm_bindgen(constructor)]
    pub fn new() -> GraphSession {
        GraphSession {}
    }

    /// Reads and analyses a dict text; throws with its line and column, or
    /// with one cycle spelled out. A graph of more than `max` vertices (the
    /// most the page draws) is refused before it is analysed.
    #[wasm_bindgen(unchecked_return_type = "GraphView")]
    pub fn parse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] max: JsValue,
    ) -> Result<JsValue, JsValue> {
        let source = read_text("text", &text, MAX_TEXT)?;
        let max = whole("max", &max, 1, graph::MAX_VERTICES as u64)?;
        let g = graph::parse_graph(&source).map_err(|e| fail(&e))?;
        shown(g.len() as u64, max)?;
        analysed(g, None)
    }

    /// The arena of the `rows × cols` bar (vertex 0 the full bar); refused
    /// before it is built when it has more than `max` vertices.
    #[wasm_bindgen(unchecked_return_type = "GraphView")]
    pub fn arena(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] max: JsValue,
    ) -> Result<JsValue, JsValue> {
        let rows = whole("rows", &rows, 1, MAX_SIDE as u64)? as usize;
        let cols = whole("cols", &cols, 1, MAX_SIDE as u64)? as usize;
        let max = whole("max", &max, 1, graph::MAX_ARENA_VERTICES)?;
        let full = Position::rectangle(rows, cols).map_err(|e| fail(&e))?;
        below_position(&full, max)
    }

    /// The graph of every position below `rows` (vertex 0 that position);
    /// refused before it is built when it has more than `max` vertices.
    #[wasm_bindgen(unchecked_return_type = "GraphView")]
    pub fn below(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] rows: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] max: JsValue,
    ) -> Result<JsValue, JsValue> {
        let lengths: Vec<usize> = numbers("rows", &rows, 0, MAX_SIDE as u64, MAX_SIDE)?
            .into_iter()
            .map(|r| r as usize)
            .collect();
        let max = whole("max", &max, 1, graph::MAX_ARENA_VERTICES)?;
        let position = Position::new(&lengths).map_err(|e| fail(&e))?;
        below_position(&position, max)
    }
}

/// The graph below `position`, refused before it is built past `max` vertices.
fn below_position(position: &Position, max: u64) -> Result<JsValue, JsValue> {
    shown(graph::arena_size(position), max)?;
    let (g, positions) = graph::arena_below(position).map_err(|e| fail(&e))?;
    analysed(g, Some(positions))
}

/// Refuses a graph of `count` vertices when the page shows at most `max`.
fn shown(count: u64, max: u64) -> Result<(), JsValue> {
    if count > max {
        return Err(fail(&graph::TooBigToShow { count, max }));
    }
    Ok(())
}

impl Default for GraphSession {
    fn default() -> Self {
        GraphSession::new()
    }
}

/// An object whose own keys are vertex labels: built key by key as own
/// properties, so a vertex called `__proto__` is a vertex like any other.
fn object_of(entries: impl Iterator<Item = (String, JsValue)>) -> Object {
    let pairs = Array::new();
    for (k, v) in entries {
        pairs.push(&Array::of2(&k.into(), &v));
    }
    Object::from_entries(&pairs).unwrap_or_else(|_| Object::new())
}

/// Reads a game graph written as the worksheet's Python dict (or JSON) and
/// returns its kernel (with the algorithm's steps), a winning strategy from
/// the first vertex, and every vertex's nimber, vertices by their labels.
/// Throws with the line and column of a malformed text, or with one cycle.
#[wasm_bindgen(unchecked_return_type = "GraphAnalysis")]
pub fn analyze_graph(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let source = read_text("text", &text, MAX_TEXT)?;
    let g = graph::parse_graph(&source).map_err(|e| fail(&e))?;
    let a = graph::analyze(&g).map_err(|c| fail(&c))?;
    let name = |v: usize| JsValue::from_str(&g.label(v));
    let names = |vs: &[usize]| vs.iter().map(|&v| name(v)).collect::<Array>();
    let label = |v: usize| g.label(v);
    let out = Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = Reflect::set(&out, &k.into(), v);
    };
    set("vertices", &(0..g.len()).map(name).collect::<Array>());
    set(
        "successors",
        &object_of((0..g.len()).map(|v| (label(v), names(&g.successors[v]).into()))),
    );
    set("kernel", &names(&a.kernel));
    set(
        "strategy",
        &object_of(a.strategy.iter().map(|&(s, k)| (label(s), name(k)))),
    );
    set(
        "nimbers",
        &object_of((0..g.len()).map(|v| (label(v), a.nimbers[v].into()))),
    );
    let steps = Object::new();
    let kernel_steps: Array = a
        .kernel_steps
        .iter()
        .map(|st| {
            let o = Object::new();
            let _ = Reflect::set(&o, &"sink".into(), &name(st.sink));
            let _ = Reflect::set(&o, &"removed".into(), &names(&st.removed));
            JsValue::from(o)
        })
        .collect();
    let nimber_steps: Array = a
        .nimber_steps
        .iter()
        .map(|st| {
            let o = Object::new();
            let _ = Reflect::set(&o, &"vertex".into(), &name(st.vertex));
            let _ = Reflect::set(&o, &"nimber".into(), &st.nimber.into());
            let seen: Array = st.seen.iter().map(|&n| JsValue::from(n)).collect();
            let _ = Reflect::set(&o, &"seen".into(), &seen);
            JsValue::from(o)
        })
        .collect();
    let _ = Reflect::set(&steps, &"kernel".into(), &kernel_steps);
    let _ = Reflect::set(&steps, &"nimbers".into(), &nimber_steps);
    set("steps", &steps);
    Ok(out.into())
}
