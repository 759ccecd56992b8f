//! Rendering: text diagrams (and later tables, JSON and SVG).

pub mod diagnostic;
pub mod diagram;
pub mod events;
pub mod html;
pub mod report;
pub mod svg;
