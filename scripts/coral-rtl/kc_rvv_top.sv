// kc_rvv_top: KernelCraft's flat-port wrapper around coralnpu's RvvCore
// (hdl/verilog/rvv/design/RvvCore.sv) for the Verilator timing harness
// (harness.cpp). It only renames and slices ports: every lane and LSU port
// becomes a scalar signal a C++ harness can set, and the reorder buffer's
// retire outputs are reduced to what the harness records. N = 4 lanes, as
// the Chisel shim (hdl/chisel/src/coralnpu/rvv/RvvCore.scala) instantiates.
module kc_rvv_top (
  input  logic        clk,
  input  logic        rstn,
  input  logic [6:0]  vstart,
  input  logic [1:0]  vxrm,
  input  logic        vxsat,
  input  logic [3:0]  inst_valid,
  input  logic [31:0] inst_pc_0, inst_pc_1, inst_pc_2, inst_pc_3,
  input  logic [1:0]  inst_op_0, inst_op_1, inst_op_2, inst_op_3,
  input  logic [24:0] inst_bits_0, inst_bits_1, inst_bits_2, inst_bits_3,
  output logic [3:0]  inst_ready,
  input  logic [7:0]  rs_valid,
  input  logic [31:0] rs_0, rs_1, rs_2, rs_3, rs_4, rs_5, rs_6, rs_7,
  output logic [3:0]  reg_write_valid,
  output logic [31:0] reg_write_data_0,
  output logic        async_rd_valid,
  output logic [4:0]  async_rd_addr,
  output logic [31:0] async_rd_data,
  input  logic        async_rd_ready,
  // RVV -> LSU, two ports
  output logic [1:0]   r2l_valid,
  output logic [1:0]   r2l_idx_valid,
  output logic [1:0]   r2l_vreg_valid,
  output logic [4:0]   r2l_vreg_addr_0, r2l_vreg_addr_1,
  output logic [127:0] r2l_vreg_data_0, r2l_vreg_data_1,
  output logic [1:0]   r2l_v0_valid,
  input  logic [1:0]   r2l_ready,
  // LSU -> RVV, two ports
  input  logic [1:0]   l2r_valid,
  input  logic [4:0]   l2r_addr_0, l2r_addr_1,
  input  logic [127:0] l2r_data_0, l2r_data_1,
  input  logic [1:0]   l2r_last,
  output logic [1:0]   l2r_ready,
  // Vector CSR writeback
  output logic         vcsr_valid,
  input  logic         vcsr_ready,
  // State
  output logic         config_valid,
  output logic [7:0]   config_vl,
  output logic         rvv_idle,
  output logic [3:0]   queue_capacity,
  output logic         trap_valid,
  // Retire: the reorder buffer's retire handshake per slot
  // (rvv_backend_rob.sv rd_valid_rob2rt: every uop, stores too), and per
  // slot the write valid, vd index, type (0 VRF, 1 XRF) of the head entries
  output logic [3:0]   rt_retire,
  output logic [3:0]   rt_valid,
  output logic [3:0]   rt_type,
  output logic [19:0]  rt_index
);
  RVVInstruction [3:0] inst_data;
  assign inst_data[0] = '{pc: inst_pc_0, opcode: RVVOpCode'(inst_op_0), bits: inst_bits_0};
  assign inst_data[1] = '{pc: inst_pc_1, opcode: RVVOpCode'(inst_op_1), bits: inst_bits_1};
  assign inst_data[2] = '{pc: inst_pc_2, opcode: RVVOpCode'(inst_op_2), bits: inst_bits_2};
  assign inst_data[3] = '{pc: inst_pc_3, opcode: RVVOpCode'(inst_op_3), bits: inst_bits_3};
  logic [7:0][31:0] rs_data;
  assign rs_data = {rs_7, rs_6, rs_5, rs_4, rs_3, rs_2, rs_1, rs_0};

  logic [3:0][4:0]  rw_addr;
  logic [3:0][31:0] rw_data;
  assign reg_write_data_0 = rw_data[0];

  logic [1:0][4:0]   idx_addr;
  logic [1:0][127:0] idx_data;
  logic [1:0][4:0]   vreg_addr;
  logic [1:0][127:0] vreg_data;
  logic [1:0][15:0]  v0_data;
  assign r2l_vreg_addr_0 = vreg_addr[0];
  assign r2l_vreg_addr_1 = vreg_addr[1];
  assign r2l_vreg_data_0 = vreg_data[0];
  assign r2l_vreg_data_1 = vreg_data[1];
  logic [1:0][4:0]   l_addr;
  logic [1:0][127:0] l_data;
  assign l_addr = {l2r_addr_1, l2r_addr_0};
  assign l_data = {l2r_data_1, l2r_data_0};

  RVVConfigState vector_csr;
  RVVConfigState config_state;
  assign config_vl = config_state.vl;
  ROB2RT_t [3:0] rob2rt;
  RVVInstruction trap_data;
  assign rt_retire = core.backend.rd_valid_rob2rt;
  always_comb begin
    for (int i = 0; i < 4; i++) begin
      rt_valid[i] = rob2rt[i].w_valid;
      rt_type[i] = rob2rt[i].w_type;
      rt_index[5*i +: 5] = rob2rt[i].w_index;
    end
  end

  RvvCore #(.N(4)) core (
    .clk(clk), .rstn(rstn), .vstart(vstart), .vxrm(vxrm), .vxsat(vxsat),
    .inst_valid(inst_valid), .inst_data(inst_data), .inst_ready(inst_ready),
    .reg_read_valid(rs_valid), .reg_read_data(rs_data),
    .reg_write_valid(reg_write_valid), .reg_write_addr(rw_addr), .reg_write_data(rw_data),
    .async_rd_valid(async_rd_valid), .async_rd_addr(async_rd_addr),
    .async_rd_data(async_rd_data), .async_rd_ready(async_rd_ready),
    .uop_lsu_valid_rvv2lsu(r2l_valid),
    .uop_lsu_idx_valid_rvv2lsu(r2l_idx_valid),
    .uop_lsu_idx_addr_rvv2lsu(idx_addr),
    .uop_lsu_idx_data_rvv2lsu(idx_data),
    .uop_lsu_vregfile_valid_rvv2lsu(r2l_vreg_valid),
    .uop_lsu_vregfile_addr_rvv2lsu(vreg_addr),
    .uop_lsu_vregfile_data_rvv2lsu(vreg_data),
    .uop_lsu_v0_valid_rvv2lsu(r2l_v0_valid),
    .uop_lsu_v0_data_rvv2lsu(v0_data),
    .uop_lsu_ready_lsu2rvv(r2l_ready),
    .uop_lsu_valid_lsu2rvv(l2r_valid),
    .uop_lsu_addr_lsu2rvv(l_addr),
    .uop_lsu_wdata_lsu2rvv(l_data),
    .uop_lsu_last_lsu2rvv(l2r_last),
    .uop_lsu_ready_rvv2lsu(l2r_ready),
    .vcsr_valid(vcsr_valid), .vector_csr(vector_csr), .vcsr_ready(vcsr_ready),
    .config_state_valid(config_valid), .config_state(config_state),
    .rvv_idle(rvv_idle), .queue_capacity(queue_capacity),
    .rd_rob2rt_o(rob2rt),
    .trap_valid_o(trap_valid), .trap_data_o(trap_data)
  );
endmodule
