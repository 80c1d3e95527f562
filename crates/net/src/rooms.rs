//! Asking a Starhop server (`starhop-server`) for rooms: open a table and
//! get its code ([`create_table`]), or read its public tables
//! ([`list_tables`]). Each is one WebSocket connection with one request and
//! one answer; playing at the table is then a client's hello with the code,
//! as at any host.

use crate::link::connect_websocket;
use crate::protocol::{
    ClientMsg, MAX_HOST_MESSAGE_BYTES, PROTOCOL_VERSION, PublicTable, ServerMsg, TableRequest,
    decode_server, encode,
};
use std::time::Duration;

/// How long a request to a server may take, connecting included.
pub const ASK_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens `table` on the server at `addr` (`host:port`); returns its room code.
pub fn create_table(addr: &str, table: TableRequest) -> Result<String, String> {
    let msg = ClientMsg::Create {
        protocol: PROTOCOL_VERSION,
        table,
    };
    match ask(addr, &msg)? {
        ServerMsg::Created { code } => Ok(code),
        other => Err(unexpected(other)),
    }
}

/// The public tables of the server at `addr`.
pub fn list_tables(addr: &str) -> Result<Vec<PublicTable>, String> {
    let msg = ClientMsg::ListTables {
        protocol: PROTOCOL_VERSION,
    };
    match ask(addr, &msg)? {
        ServerMsg::Tables { tables } => Ok(tables),
        other => Err(unexpected(other)),
    }
}

fn unexpected(msg: ServerMsg) -> String {
    match msg {
        ServerMsg::Refused { message, .. } => message,
        _ => "the server answered something else".into(),
    }
}

/// Sends `msg` to the server and returns its first answer.
fn ask(addr: &str, msg: &ClientMsg) -> Result<ServerMsg, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| e.to_string())?;
    let text = encode(msg);
    runtime.block_on(async {
        let answer = async {
            let mut link = connect_websocket(addr, MAX_HOST_MESSAGE_BYTES, ASK_TIMEOUT).await?;
            link.tx
                .send(text.into())
                .await
                .map_err(|_| format!("the server at {addr} closed the connection"))?;
            let reply = link
                .rx
                .recv()
                .await
                .ok_or_else(|| format!("the server at {addr} closed the connection"))?;
            decode_server(&reply).map_err(|e| e.to_string())
        };
        tokio::time::timeout(ASK_TIMEOUT, answer)
            .await
            .map_err(|_| format!("the server at {addr} did not answer in time"))?
    })
}
