package taskservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/tasks/internal/svc"
	taskspb "example.com/tasks/pb/tasks"
)

type ImportTasksLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewImportTasksLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ImportTasksLogic {
	return &ImportTasksLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ImportTasks implements tasks.v1.TaskService/ImportTasks.
func (l *ImportTasksLogic) ImportTasks(in *taskspb.ImportTasksRequest) (*taskspb.ImportTasksResponse, error) {
	// todo: add your logic here and delete this line

	return &taskspb.ImportTasksResponse{}, nil
}
