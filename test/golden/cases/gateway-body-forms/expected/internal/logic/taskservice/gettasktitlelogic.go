package taskservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/tasks/internal/svc"
	taskspb "example.com/tasks/pb/tasks"
)

type GetTaskTitleLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetTaskTitleLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetTaskTitleLogic {
	return &GetTaskTitleLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetTaskTitle implements tasks.v1.TaskService/GetTaskTitle.
func (l *GetTaskTitleLogic) GetTaskTitle(in *taskspb.GetTaskRequest) (*taskspb.Task, error) {
	// todo: add your logic here and delete this line

	return &taskspb.Task{}, nil
}
